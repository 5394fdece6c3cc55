import { text } from '../i18n/texts';
import { ApiError } from '../shared/api';
import { el } from '../shared/dom';
import { api, ok, type Schemas } from './api';
import { renderPage, type Workspace } from './ui/frame';

/**
 * The interview a page of its own (watch, live) is about, or undefined once the page has said it is not found (an
 * unknown interview, or one the user may not see: the API answers 404 for both).
 */
export async function interviewOrNotFound(workspace: Workspace, uuid: string): Promise<Schemas['Interview'] | undefined> {
  try {
    return (await ok(api.GET('/interviews/{interviewUuid}', { params: { path: { interviewUuid: uuid } } }))).data;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    renderPage(
      workspace,
      'interviews',
      text().workspace.watch.notFoundHeading,
      el('p', { role: 'alert', class: 'refusal' }, text().workspace.watch.notFound),
      el('p', {}, el('a', { href: '/interviews' }, text().workspace.watch.backToList)),
    );
    return undefined;
  }
}
