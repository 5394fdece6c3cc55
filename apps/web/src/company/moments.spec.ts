import { describe, expect, it } from '@jest/globals';
import { clock, colleaguesMatching, markPercent, mentionAt, mentionedIn, momentMs, withMention } from './moments';

describe('moments of an answer', () => {
  it('shows a position as a player does', () => {
    expect([clock(0), clock(3.9), clock(62.4), clock(3723), clock(-1)]).toEqual(['0:00', '0:03', '1:02', '1:02:03', '0:00']);
  });

  it('places a mark at its share of the measured length, inside the timeline', () => {
    expect(markPercent(3000, 12)).toBe(25);
    expect(markPercent(15_000, 12)).toBe(100);
    expect(markPercent(1000, 0)).toBe(0);
  });

  it('pins a comment at the player’s time, never past the measured end', () => {
    expect(momentMs(7.0004, 12)).toBe(7000);
    expect(momentMs(12.08, 12.05)).toBe(12_050);
  });
});

describe('@ mentions', () => {
  const people = [
    { uuid: 'a', name: 'Stan Standard' },
    { uuid: 'b', name: 'Élodie Martin' },
    { uuid: 'c', name: 'Sam Stone' },
  ];

  it('finds the mention typed at the caret, at the start or after a space only', () => {
    expect(mentionAt('@St', 3)).toEqual({ start: 0, query: 'St' });
    expect(mentionAt('see @Stan S', 11)).toEqual({ start: 4, query: 'Stan S' });
    expect(mentionAt('mail me@example', 15)).toBeUndefined();
    expect(mentionAt('no mention', 10)).toBeUndefined();
    expect(mentionAt('@a\nb', 4)).toBeUndefined();
  });

  it('matches a name or a word of it, accents and case aside', () => {
    expect(colleaguesMatching(people, 'st').map((p) => p.uuid)).toEqual(['a', 'c']);
    expect(colleaguesMatching(people, 'elo').map((p) => p.uuid)).toEqual(['b']);
    expect(colleaguesMatching(people, 'martin').map((p) => p.uuid)).toEqual(['b']);
    expect(colleaguesMatching(people, '')).toHaveLength(3);
  });

  it('writes the chosen name in place of the query, and keeps only the mentions still in the text', () => {
    expect(withMention('see @st now', 4, 7, 'Stan Standard')).toEqual({ value: 'see @Stan Standard now', caret: 19 });
    expect(mentionedIn('@Stan Standard listen', people)).toEqual(['a']);
    expect(mentionedIn('@Stan Standard and @Stan Standard', [people[0], people[0]])).toEqual(['a']);
  });
});
