import {
  passwordResetEmail,
  invitationEmail,
  invitationSms,
  liveCancellationEmail,
  liveCreatorEmail,
  liveCalendarText,
  liveInvitationEmail,
  mentionEmail,
  rejectionEmail,
  reminderSms,
  videoMoment,
  reviewerEmail,
  setPasswordEmail,
  type LiveInterviewDetails,
} from './messages';
import { candidateTime } from './candidate-text';

const invitation = {
  candidateName: 'Jo <b>',
  companyName: 'Acme & Co',
  jobTitle: 'Engineer',
  emailMessage: 'Good luck!',
  dueLocal: 'Monday 2 March 2026, 14:00',
  timezone: 'Europe/Paris',
  language: 'en',
  candidateUrl: 'https://app.example/candidate/interviews/i1?token=a&b',
  occasion: 'invited' as const,
  live: false,
  answersTranscribed: false,
};

const live: LiveInterviewDetails = {
  candidateName: 'Jo <b>',
  candidateEmail: 'jo@seeker.example',
  creatorName: 'Cory',
  companyName: 'Acme & Co',
  jobTitle: 'Engineer',
  emailMessage: '',
  startLocal: 'Monday, March 2, 2026 at 2:00:00 PM GMT+1',
  timezone: 'Europe/Paris',
  start: '2026-03-02T13:00:00+00:00',
  language: 'en',
  url: 'https://app.example/candidate/interviews/i1?token=a&b',
  occasion: 'invited',
  transcribed: false,
};

describe('message contents', () => {
  it('puts the link, the company message, the job and the local due time in both parts, HTML-escaped', () => {
    const sut = invitationEmail(invitation);
    expect(sut.subject).toBe('Your video interview for Engineer at Acme & Co');
    for (const part of ['Jo <b>', 'Good luck!', 'Engineer', 'Monday 2 March 2026, 14:00 (Europe/Paris)', invitation.candidateUrl])
      expect(sut.text).toContain(part);
    expect(sut.html).toContain('Jo &lt;b&gt;');
    expect(sut.html).toContain('Acme &amp; Co');
    expect(sut.html).toContain('href="https://app.example/candidate/interviews/i1?token=a&amp;b"');
    expect(sut.html).not.toContain('<b>');
  });

  it('words rescheduled and reset invitations differently; an empty company message is left out', () => {
    expect(invitationEmail({ ...invitation, occasion: 'rescheduled' }).subject).toBe('New due time: your interview for Engineer');
    expect(invitationEmail({ ...invitation, occasion: 'reset' }).subject).toBe('Record your interview for Engineer again');
    // Hello, the intro, the due time, how to ask for an accommodation, the link.
    expect(invitationEmail({ ...invitation, emailMessage: '  ' }).text.split('\n\n')).toHaveLength(5);
  });

  it('keeps SMS short and with the link', () => {
    expect(invitationSms(invitation)).toBe(
      `Acme & Co: your video interview for Engineer is due Monday 2 March 2026, 14:00 (Europe/Paris). ${invitation.candidateUrl}`,
    );
  });

  it('set-password and reviewer emails carry their links', () => {
    expect(setPasswordEmail({ name: 'N', setPasswordUrl: 'https://app.example/set-password?token=t' }).html).toContain(
      'href="https://app.example/set-password?token=t"',
    );
    const reviewer = reviewerEmail({
      reviewerName: 'R',
      companyName: 'C',
      sharedBy: null,
      url: 'https://s.example/x',
      interviews: [{ jobTitle: null, candidateName: null }],
    });
    expect(reviewer.text).toContain('C shared an interview with you');
    expect(reviewer.text).toContain('- A candidate');
  });

  it('a live interview: when in its timezone and in UTC, the link escaped in HTML; a cancellation has no link', () => {
    const sut = liveInvitationEmail(live);
    expect(sut.text).toContain('When: Monday, March 2, 2026 at 2:00:00 PM GMT+1 (Europe/Paris), that is Monday, March 2, 2026 at 1:00:00 PM UTC.');
    expect(sut.html).toContain('href="https://app.example/candidate/interviews/i1?token=a&amp;b"');
    expect(sut.html).not.toContain('<b>');
    const canceled = liveCancellationEmail({ ...live, occasion: 'canceled', url: null });
    expect(canceled.text).not.toContain('http');
    expect(canceled.html).not.toContain('<a ');
  });

  it("the creator's copy names the job seeker, and links the interview's page unless canceled", () => {
    const page = 'https://app.example/interview/i1/watch';
    expect(liveCreatorEmail({ ...live, url: page }).text).toContain(`Jo <b> (jo@seeker.example)`);
    expect(liveCreatorEmail({ ...live, url: page }).text).toContain(page);
    expect(liveCreatorEmail({ ...live, occasion: 'rescheduled', url: page }).subject).toBe('Moved: live interview with Jo <b> for Engineer');
    expect(liveCreatorEmail({ ...live, occasion: 'canceled', url: null }).html).not.toContain('<a ');
  });
});

describe("the job seeker's messages in the interview's language (decision 047)", () => {
  const due = (tag: string) => candidateTime('2026-03-02T13:00:00+00:00', 'Europe/Paris', tag);

  it('writes the invitation, its SMS and the reminder in Spanish, with a Spanish date', () => {
    const d = { ...invitation, language: 'es', dueLocal: due('es') };
    const sut = invitationEmail(d);
    expect(d.dueLocal).toBe('lunes, 2 de marzo de 2026, 14:00:00 CET');
    expect(sut.subject).toBe('Su entrevista en vídeo para Engineer en Acme & Co');
    expect(sut.text).toContain('Hola, Jo <b>:');
    expect(sut.text).toContain('Complétela antes del lunes, 2 de marzo de 2026, 14:00:00 CET (Europe/Paris).');
    expect(sut.html).toContain('>Abrir su entrevista</a>');
    expect(invitationSms(d)).toBe(
      `Acme & Co: su entrevista en vídeo para Engineer debe completarse antes del lunes, 2 de marzo de 2026, 14:00:00 CET (Europe/Paris). ${d.candidateUrl}`,
    );
    expect(reminderSms(d)).toMatch(/^Recordatorio de Acme & Co: /);
  });

  it('writes a French and a German live invitation, their UTC time in the language too', () => {
    const fr = liveInvitationEmail({ ...live, language: 'fr-FR', startLocal: due('fr-FR') });
    expect(fr.subject).toBe('Entretien vidéo en direct pour le poste de Engineer chez Acme & Co');
    expect(fr.text).toContain('Quand\u00a0: le lundi 2 mars 2026 à 14:00:00 UTC+1 (Europe/Paris), soit le lundi 2 mars 2026 à 13:00:00 UTC.');
    const de = liveInvitationEmail({ ...live, language: 'de', startLocal: due('de'), occasion: 'rescheduled' });
    expect(de.text).toContain('Wann: Montag, 2. März 2026 um 14:00:00 MEZ (Europe/Paris), also Montag, 2. März 2026 um 13:00:00 UTC.');
    expect(de.text).toContain('verschieben Sie den Termin in Ihrem Kalender');
    expect(liveCancellationEmail({ ...live, language: 'de', occasion: 'canceled', url: null }).subject).toBe(
      'Abgesagt: Ihr Live-Interview für die Stelle Engineer bei Acme & Co',
    );
  });

  it.each([
    ['en', 'If you need an accommodation', 'Need an accommodation?'],
    ['es', 'Si necesita un ajuste', '¿Necesitas un ajuste?'],
    ['fr', 'Si vous avez besoin d’un aménagement', 'Besoin d’un aménagement\u00a0?'],
    ['de', 'Wenn Sie eine Anpassung brauchen', 'Brauchen Sie eine Anpassung?'],
  ])(
    'says in %s how to ask for an accommodation (issue 42): the page’s link, named as the page names it, in one-way and live invitations',
    (language, sentence, link) => {
      for (const sut of [invitationEmail({ ...invitation, language }), liveInvitationEmail({ ...live, language })]) {
        const paragraph = sut.text.split('\n\n').find((p) => p.startsWith(sentence));
        expect(paragraph).toContain(link);
        expect(paragraph).toContain('Acme & Co');
        expect(sut.html).toContain('Acme &amp; Co');
      }
      expect(liveCancellationEmail({ ...live, language, occasion: 'canceled', url: null }).text).not.toContain(sentence);
    },
  );

  it.each([
    [
      'en',
      'Your answers will be transcribed to text so the hiring team can read and search them.',
      'If the call is recorded, its recording will be transcribed to text so the hiring team can read and search it.',
    ],
    [
      'es',
      'Sus respuestas se transcribirán a texto para que el equipo de selección pueda leerlas y buscar en ellas.',
      'Si se graba la llamada, la grabación se transcribirá a texto para que el equipo de selección pueda leerla y buscar en ella.',
    ],
    [
      'fr',
      'Vos réponses seront transcrites en texte afin que l’équipe de recrutement puisse les lire et y faire des recherches.',
      'Si l’appel est enregistré, l’enregistrement sera transcrit en texte afin que l’équipe de recrutement puisse le lire et y faire des recherches.',
    ],
    [
      'de',
      'Ihre Antworten werden in Text transkribiert, damit das Recruiting-Team sie lesen und durchsuchen kann.',
      'Wird das Gespräch aufgezeichnet, wird die Aufzeichnung in Text transkribiert, damit das Recruiting-Team sie lesen und durchsuchen kann.',
    ],
  ])(
    'says in %s, when the company transcribes, that the answers or the call are transcribed (decision 073), and nothing otherwise',
    (language, answers, call) => {
      const oneWay = invitationEmail({ ...invitation, language, answersTranscribed: true });
      const paragraphs = oneWay.text.split('\n\n');
      // After the due time, before how to ask for an accommodation; in the HTML part too.
      expect(paragraphs.indexOf(answers)).toBe(4);
      expect(paragraphs[5]).toContain('Acme & Co');
      expect(oneWay.html).toContain(`<p>${answers.replace(/&/g, '&amp;')}</p>`);
      expect(invitationEmail({ ...invitation, language }).text).not.toContain(answers);
      const liveEmail = liveInvitationEmail({ ...live, language, transcribed: true });
      expect(liveEmail.text.split('\n\n')).toContain(call);
      expect(liveEmail.text).not.toContain(answers);
      expect(liveInvitationEmail({ ...live, language }).text).not.toContain(call);
      // The SMS stay as short as they were: the email says it.
      expect(invitationSms({ ...invitation, language, answersTranscribed: true })).toBe(invitationSms({ ...invitation, language }));
    },
  );

  it("keeps the creator's copy and calendar text in English whatever the interview's language", () => {
    expect(liveCreatorEmail({ ...live, language: 'es', url: 'https://app.example/interview/i1/watch' }).text).toContain('Hello Cory,');
    expect(liveCalendarText({ ...live, language: 'es' }, true).summary).toBe('Live interview with Jo <b>: Engineer');
    expect(liveCalendarText({ ...live, language: 'es' }, false).summary).toBe('Entrevista en directo: Engineer en Acme & Co');
  });

  it('writes a language we do not write (Portuguese) in English, dates included', () => {
    expect(invitationEmail({ ...invitation, language: 'pt-BR' }).subject).toBe('Your video interview for Engineer at Acme & Co');
    expect(due('pt-BR')).toBe('Monday, March 2, 2026 at 2:00:00 PM GMT+1');
    expect(due('fr-CA')).toBe('lundi 2 mars 2026 à 14 h 00 min 00 s UTC+1');
  });
});

describe('passwordResetEmail', () => {
  it('says which company the link is for: one address may have an account at two (decision 034)', () => {
    const sut = passwordResetEmail({ name: 'Pat', setPasswordUrl: 'https://app.example/set-password?token=t', companyName: 'Acme' });
    expect(sut.text).toContain('choose a new Video Interviewing password for your account at Acme.');
    expect(sut.html).toContain('for your account at Acme.');
  });

  describe('a mention in a comment (decision 070)', () => {
    const mention = {
      recipientName: 'Mo',
      authorName: 'Una',
      text: 'Listen <here> & now',
      atMs: 3400,
      url: 'https://app.example/interview/i1/watch?take=t1&at_ms=3400',
    };

    it('says who mentioned them, their words as plain text, and links the watch page at that moment', () => {
      const sut = mentionEmail(mention);
      expect(sut.subject).toBe('Una mentioned you in a comment');
      expect(sut.text).toBe(
        'Hello Mo,\n\nUna mentioned you in a comment on an interview at 0:03:\n\nListen <here> & now\n\nWatch from 0:03: https://app.example/interview/i1/watch?take=t1&at_ms=3400\n',
      );
      expect(sut.html).toContain('Listen &lt;here&gt; &amp; now');
      expect(sut.html).toContain('href="https://app.example/interview/i1/watch?take=t1&amp;at_ms=3400"');
    });

    it('opens the interview when the comment names no moment', () => {
      const sut = mentionEmail({ ...mention, atMs: null, url: 'https://app.example/interview/i1/watch' });
      expect(sut.text).toContain('in a comment on an interview:');
      expect(sut.text).toContain('Open the interview: https://app.example/interview/i1/watch');
    });

    it('writes moments as the player does', () => {
      expect([0, 3999, 60_000, 754_000, 3_725_000].map(videoMoment)).toEqual(['0:00', '0:03', '1:00', '12:34', '1:02:05']);
    });
  });

  describe('a reject told to the job seeker (decision 070)', () => {
    const rejection = { candidateName: 'Lucía', companyName: 'Acme & Co', jobTitle: 'Engineer', message: null, language: 'es-MX' };

    it("is written in the interview's language, with the company and the job, and the kind default paragraph", () => {
      const sut = rejectionEmail(rejection);
      expect(sut.subject).toBe('Su candidatura para Engineer en Acme & Co');
      expect(sut.text).toBe(
        'Hola, Lucía:\n\nGracias por su tiempo y por su entrevista en vídeo para el puesto de Engineer en Acme & Co.\n\n' +
          'Hemos valorado su entrevista con detenimiento y hemos decidido no seguir adelante con su candidatura por el momento. Le agradecemos su interés y le deseamos mucho éxito en su búsqueda.\n\n' +
          'Un cordial saludo,\nAcme & Co\n',
      );
      expect(sut.html).toContain('Un cordial saludo,<br>Acme &amp; Co');
    });

    it("puts the company's own words, as plain text, in place of the default paragraph", () => {
      const sut = rejectionEmail({ ...rejection, language: 'de', message: '  We <b>loved</b> meeting you.\nKeep in touch!  ' });
      expect(sut.text).toContain(
        'Vielen Dank für Ihre Zeit und Ihr Video-Interview für die Stelle Engineer bei Acme & Co.\n\nWe <b>loved</b> meeting you.\nKeep in touch!\n\n',
      );
      expect(sut.text).not.toContain('sorgfältig');
      expect(sut.html).toContain('We &lt;b&gt;loved&lt;/b&gt; meeting you.<br>Keep in touch!');
    });

    it('does without a job title, and writes English for a language we do not write', () => {
      const sut = rejectionEmail({ ...rejection, jobTitle: null, language: 'pt-BR', candidateName: 'Sam' });
      expect(sut.subject).toBe('Your application at Acme & Co');
      expect(sut.text).toContain('Thank you for your time and for your video interview with Acme & Co.');
      expect(rejectionEmail({ ...rejection, language: 'fr' }).subject).toBe('Votre candidature au poste de Engineer chez Acme & Co');
    });
  });
});
