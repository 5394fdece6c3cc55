import type { CandidateText } from './en';

/** What the job seeker gets from us, in German (Sie, as the candidate pages), as a German-speaking recruiter would write it. */
export const de: CandidateText = {
  lang: 'de',
  hello: (name: string) => `Guten Tag ${name},`,
  accommodation: (company: string) =>
    `Wenn Sie eine Anpassung brauchen, etwa mehr Zeit oder Antworten nur mit Ton, bitten Sie ${company} auf der Seite Ihres Interviews darum: Wählen Sie „Brauchen Sie eine Anpassung?“.`,
  transcribed: {
    answers: 'Ihre Antworten werden in Text transkribiert, damit das Recruiting-Team sie lesen und durchsuchen kann.',
    call: 'Wird das Gespräch aufgezeichnet, wird die Aufzeichnung in Text transkribiert, damit das Recruiting-Team sie lesen und durchsuchen kann.',
  },
  oneWay: {
    subject: {
      invited: (job: string, company: string) => `Ihr Video-Interview für die Stelle ${job} bei ${company}`,
      rescheduled: (job: string, _company: string) => `Neue Frist: Ihr Interview für die Stelle ${job}`,
      reset: (job: string, _company: string) => `Bitte nehmen Sie Ihr Interview für die Stelle ${job} erneut auf`,
    },
    intro: {
      invited: (company: string, job: string) => `${company} lädt Sie zu einem Video-Interview für die Stelle ${job} ein.`,
      rescheduled: (company: string, job: string) => `${company} hat die Frist für Ihr Video-Interview für die Stelle ${job} geändert.`,
      reset: (company: string, job: string) =>
        `Ihr Video-Interview für die Stelle ${job} bei ${company} wurde zurückgesetzt: Sie können Ihre Antworten erneut aufnehmen.`,
    },
    dueBy: (due: string, zone: string) => `Bitte schließen Sie es bis ${due} (${zone}) ab.`,
    open: 'Zum Interview',
  },
  sms: {
    due: (job: string, due: string, zone: string) => `Ihr Video-Interview für die Stelle ${job} ist bis ${due} (${zone}) abzuschließen`,
    starts: (job: string, at: string, zone: string) => `Ihr Live-Video-Interview für die Stelle ${job} beginnt am ${at} (${zone})`,
    invitation: (company: string, when: string, url: string) => `${company}: ${when}. ${url}`,
    reminder: (company: string, when: string, url: string) => `Erinnerung von ${company}: ${when}. ${url}`,
  },
  live: {
    subject: {
      invited: (job: string, company: string) => `Live-Video-Interview für die Stelle ${job} bei ${company}`,
      rescheduled: (job: string, company: string) => `Neuer Termin: Ihr Live-Interview für die Stelle ${job} bei ${company}`,
      reset: (job: string, company: string) => `Ihr Live-Interview für die Stelle ${job} bei ${company}`,
      canceled: (job: string, company: string) => `Abgesagt: Ihr Live-Interview für die Stelle ${job} bei ${company}`,
    },
    intro: {
      invited: (company: string, job: string) =>
        `${company} lädt Sie zu einem Live-Video-Interview für die Stelle ${job} ein: Sie sprechen per Video mit Ihren Gesprächspartnern, direkt im Browser, ohne eine App zu installieren.`,
      rescheduled: (company: string, job: string) => `${company} hat Ihr Live-Video-Interview für die Stelle ${job} auf einen neuen Termin verschoben.`,
      reset: (company: string, job: string) =>
        `Ihr Live-Video-Interview für die Stelle ${job} bei ${company} wurde zurückgesetzt: Hier ist noch einmal Ihr Link.`,
      canceled: (company: string, job: string) => `${company} hat Ihr Live-Video-Interview für die Stelle ${job} abgesagt.`,
    },
    when: (local: string, zone: string, utc: string) => `Wann: ${local} (${zone}), also ${utc}.`,
    page: 'Auf der Seite Ihres Interviews können Sie Ihre Teilnahme bestätigen und Kamera und Mikrofon prüfen; von dort treten Sie kurz vor Beginn dem Gespräch bei.',
    calendarAdds: 'Mit der Kalendereinladung im Anhang dieser E-Mail tragen Sie den Termin in Ihren Kalender ein.',
    calendarMoves: 'Mit der Kalendereinladung im Anhang dieser E-Mail verschieben Sie den Termin in Ihrem Kalender.',
    plannedFor: (local: string, zone: string) =>
      `Es war für ${local} (${zone}) geplant. Mit der Absage im Anhang dieser E-Mail entfernen Sie den Termin aus Ihrem Kalender.`,
    pageLine: 'Die Seite Ihres Interviews',
    open: 'Seite Ihres Interviews öffnen',
  },
  rejected: {
    subject: (job: string, company: string) => `Ihre Bewerbung für die Stelle ${job} bei ${company}`,
    subjectWithoutJob: (company: string) => `Ihre Bewerbung bei ${company}`,
    thanks: (company: string, job: string) => `Vielen Dank für Ihre Zeit und Ihr Video-Interview für die Stelle ${job} bei ${company}.`,
    thanksWithoutJob: (company: string) => `Vielen Dank für Ihre Zeit und Ihr Video-Interview bei ${company}.`,
    decision:
      'Wir haben es sorgfältig geprüft und uns entschieden, Ihre Bewerbung derzeit nicht weiter zu berücksichtigen. Wir danken Ihnen für Ihr Interesse und wünschen Ihnen für Ihre weitere Suche viel Erfolg.',
    signature: (company: string) => `Mit freundlichen Grüßen\n${company}`,
  },
  calendar: {
    summary: (job: string, company: string) => `Live-Interview: ${job} bei ${company}`,
    description: (company: string, job: string, url: string) =>
      `Live-Video-Interview mit ${company} für die Stelle ${job}. Treten Sie über die Seite Ihres Interviews bei: ${url}`,
    canceledSummary: (job: string, company: string) => `Abgesagt: Live-Interview: ${job} bei ${company}`,
    canceledDescription: (company: string, job: string) => `${company} hat dieses Live-Video-Interview für die Stelle ${job} abgesagt.`,
  },
};
