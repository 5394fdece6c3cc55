import { aQuestionSet, overTheWire } from '../../test/factories';
import { QuestionSet } from '../interviews.contracts';
import { questionSetJson, QuestionSetView } from './question-set.view';

describe('questionSetJson', () => {
  it('renders the question set of the reference: takes an integer, think_time a string', () => {
    const sut = questionSetJson(overTheWire(QuestionSet, aQuestionSet()));
    expect(sut).toEqual({
      uuid: '0b1c2d3e-0000-4000-8000-00000000000a',
      name: 'Engineering screen',
      created_at: '2026-11-22T10:00:00+00:00',
      updated_at: '2026-11-23T09:30:00+00:00',
      questions: [{ uuid: '0b1c2d3e-0000-4000-8000-00000000000b', time_limit: 90, takes: -1, think_time: '0', text: 'Why us?' }],
    });
    expect(QuestionSetView.parse(sut)).toEqual(sut);
  });
});
