import { text } from '../i18n/texts';
import { el } from '../shared/dom';
import type { Comment } from '../shared/evaluation-types';
import { api, ok } from './api';
import { clock, markPercent, momentMs } from './moments';
import { refusalSentence } from './refusals';
import { confirmDialog } from './ui/dialog';
import { formAlert, onSubmit } from './ui/form';
import type { Workspace } from './ui/frame';
import { mentionInput, type Colleague } from './ui/mention-input';
import { toast } from './ui/toast';

/**
 * Comments pinned to a moment of an answer (issue 40), under each video of the watch page: a mark on the video's
 * timeline per comment (a button: it plays the video from that moment), the list, and a form that pins a new
 * comment where the player is, with `@` completion of colleagues' names (they are emailed a link to the moment).
 * The comment's author and administrators may delete it.
 */

export type Target = { take_uuid: string } | { recording_uuid: string };

/** The interview's comments, loaded once for the page and again after each change. */
export class Comments {
  items: Comment[] = [];

  constructor(
    readonly interviewUuid: string,
    readonly workspace: Workspace,
    readonly colleagues: Colleague[],
  ) {}

  async load(): Promise<void> {
    const list = (await ok(api.GET('/interviews/{interviewUuid}/comments', { params: { path: { interviewUuid: this.interviewUuid } } }))).data;
    this.items = list.items;
  }

  on(target: Target): Comment[] {
    return this.items.filter((c) => ('take_uuid' in target ? c.take_uuid === target.take_uuid : c.recording_uuid === target.recording_uuid));
  }

  mayDelete(comment: Comment): boolean {
    return this.workspace.role === 'administrator' || (comment.author.type === 'user' && comment.author.uuid === this.workspace.me.uuid);
  }
}

/** Everyone of the company but the reader, whom a comment can mention (the first 100 users: a team, not a directory). */
export async function colleaguesOf(workspace: Workspace): Promise<Colleague[]> {
  const users = (await ok(api.GET('/users', { params: { query: { range: '0-99' } } }))).data;
  return users.filter((u) => u.active && u.uuid !== workspace.me.uuid).map((u) => ({ uuid: u.uuid, name: u.name }));
}

function playFrom(video: HTMLMediaElement, atMs: number): void {
  video.currentTime = atMs / 1000;
  void video.play().catch(() => undefined);
}

/** The comments of one video: `id` is unique on the page; `lengthSeconds` its measured length. */
export function commentsPanel(comments: Comments, target: Target, video: HTMLMediaElement, lengthSeconds: number, id: string): HTMLElement {
  const t = text().workspace.comments;
  const timeline = el('div', { class: 'timeline', role: 'group', 'aria-label': t.timeline });
  const list = el('ol', { class: 'comment-list', 'aria-labelledby': `${id}-heading` });
  const listAlert = el('p', { class: 'refusal', role: 'alert' });
  const atOf = (comment: Comment) => clock((comment.at_ms ?? 0) / 1000);

  const remove = (comment: Comment) => {
    void confirmDialog(t.delete, t.deleteConfirm, t.delete).then(async (yes) => {
      if (!yes) return;
      listAlert.textContent = '';
      try {
        await ok(
          api.DELETE('/interviews/{interviewUuid}/comments/{commentUuid}', {
            params: { path: { interviewUuid: comments.interviewUuid, commentUuid: comment.uuid } },
          }),
        );
        await comments.load();
        render();
        toast(t.deleted);
        box.input.focus();
      } catch (error) {
        listAlert.textContent = refusalSentence(error);
      }
    });
  };

  const render = () => {
    const mine = comments.on(target);
    timeline.replaceChildren(
      ...mine
        .filter((c) => c.at_ms !== null)
        .map((comment) => {
          const label = t.mark(comment.author.name, atOf(comment), comment.text);
          const mark = el('button', { type: 'button', class: 'mark', 'aria-label': label, title: label });
          mark.style.left = `${markPercent(comment.at_ms ?? 0, lengthSeconds)}%`;
          mark.addEventListener('click', () => playFrom(video, comment.at_ms ?? 0));
          return mark;
        }),
    );
    timeline.hidden = timeline.childElementCount === 0;
    list.replaceChildren(
      ...(mine.length === 0
        ? [el('li', { class: 'muted' }, t.none)]
        : mine.map((comment) =>
            el(
              'li',
              { class: 'comment' },
              el('p', { class: 'comment-meta' }, t.meta(comment.author.name, atOf(comment))),
              el('p', { class: 'comment-text' }, comment.text),
              comment.mentions.length > 0 ? el('p', { class: 'muted' }, t.mentioned(comment.mentions.map((m) => m.name).join(', '))) : null,
              comments.mayDelete(comment)
                ? el(
                    'button',
                    {
                      type: 'button',
                      class: 'secondary small',
                      'aria-label': t.deleteLabel(comment.author.name, atOf(comment)),
                      onclick: () => remove(comment),
                    },
                    t.delete,
                  )
                : null,
            ),
          )),
    );
  };

  const box = mentionInput({
    id: `${id}-text`,
    colleagues: comments.colleagues,
    listLabel: t.colleagues,
    attributes: { name: 'comment', maxlength: 2000, 'aria-describedby': `${id}-hint ${id}-text-error`, 'data-field': 'text' },
  });
  const label = el('label', { for: box.input.id }, t.at(clock(0)));
  const showTime = () => (label.textContent = t.at(clock(video.currentTime)));
  for (const event of ['timeupdate', 'seeked', 'loadedmetadata']) video.addEventListener(event, showTime);
  const form = el(
    'form',
    { class: 'form comment-form', novalidate: true },
    formAlert(),
    el(
      'div',
      { class: 'field' },
      label,
      el('p', { id: `${id}-hint`, class: 'hint' }, t.hint),
      el('div', { class: 'combobox' }, box.input, box.listbox),
      el('p', { id: `${id}-text-error`, class: 'field-error', 'data-error-for': box.input.id }),
    ),
    el('div', { class: 'actions' }, el('button', { type: 'submit', class: 'secondary' }, t.add)),
  );
  onSubmit(form, async () => {
    const at_ms = momentMs(video.currentTime, lengthSeconds);
    await ok(
      api.POST('/interviews/{interviewUuid}/comments', {
        params: { path: { interviewUuid: comments.interviewUuid } },
        body: { text: box.input.value, at_ms, mentions: box.mentions(), ...target },
      }),
    );
    box.clear();
    await comments.load();
    render();
    toast(t.added);
  });

  render();
  return el(
    'section',
    { class: 'comments', 'aria-labelledby': `${id}-heading` },
    el('h4', { id: `${id}-heading` }, t.heading),
    timeline,
    list,
    listAlert,
    form,
  );
}
