import type { CandidateText } from './en';

/** What the job seeker gets from us, in French (vous, as the candidate pages), as a French-speaking recruiter would write it. */
export const fr: CandidateText = {
  lang: 'fr',
  hello: (name: string) => `Bonjour ${name},`,
  accommodation: (company: string) =>
    `Si vous avez besoin d’un aménagement, comme plus de temps ou répondre en audio seulement, demandez-le à ${company} depuis la page de votre entretien\u00a0: choisissez «\u00a0Besoin d’un aménagement\u00a0?\u00a0».`,
  transcribed: {
    answers: 'Vos réponses seront transcrites en texte afin que l’équipe de recrutement puisse les lire et y faire des recherches.',
    call: 'Si l’appel est enregistré, l’enregistrement sera transcrit en texte afin que l’équipe de recrutement puisse le lire et y faire des recherches.',
  },
  oneWay: {
    subject: {
      invited: (job: string, company: string) => `Votre entretien vidéo pour le poste de ${job} chez ${company}`,
      rescheduled: (job: string, _company: string) => `Nouvelle date limite\u00a0: votre entretien pour le poste de ${job}`,
      reset: (job: string, _company: string) => `Enregistrez à nouveau votre entretien pour le poste de ${job}`,
    },
    intro: {
      invited: (company: string, job: string) => `${company} vous invite à un entretien vidéo pour le poste de ${job}.`,
      rescheduled: (company: string, job: string) => `${company} a modifié la date limite de votre entretien vidéo pour le poste de ${job}.`,
      reset: (company: string, job: string) =>
        `Votre entretien vidéo pour le poste de ${job} chez ${company} a été réinitialisé\u00a0: vous pouvez enregistrer à nouveau vos réponses.`,
    },
    dueBy: (due: string, zone: string) => `Merci de le terminer avant le ${due} (${zone}).`,
    open: 'Ouvrir votre entretien',
  },
  sms: {
    due: (job: string, due: string, zone: string) => `votre entretien vidéo pour le poste de ${job} est à terminer avant le ${due} (${zone})`,
    starts: (job: string, at: string, zone: string) => `votre entretien vidéo en direct pour le poste de ${job} commence le ${at} (${zone})`,
    invitation: (company: string, when: string, url: string) => `${company}\u00a0: ${when}. ${url}`,
    reminder: (company: string, when: string, url: string) => `Rappel de ${company}\u00a0: ${when}. ${url}`,
  },
  live: {
    subject: {
      invited: (job: string, company: string) => `Entretien vidéo en direct pour le poste de ${job} chez ${company}`,
      rescheduled: (job: string, company: string) => `Nouvel horaire\u00a0: votre entretien en direct pour le poste de ${job} chez ${company}`,
      reset: (job: string, company: string) => `Votre entretien en direct pour le poste de ${job} chez ${company}`,
      canceled: (job: string, company: string) => `Annulé\u00a0: votre entretien en direct pour le poste de ${job} chez ${company}`,
    },
    intro: {
      invited: (company: string, job: string) =>
        `${company} vous invite à un entretien vidéo en direct pour le poste de ${job}\u00a0: vous échangerez en vidéo avec vos interlocuteurs, dans votre navigateur, sans application à installer.`,
      rescheduled: (company: string, job: string) => `${company} a déplacé votre entretien vidéo en direct pour le poste de ${job} à un nouvel horaire.`,
      reset: (company: string, job: string) =>
        `Votre entretien vidéo en direct pour le poste de ${job} chez ${company} a été réinitialisé\u00a0: voici à nouveau votre lien.`,
      canceled: (company: string, job: string) => `${company} a annulé votre entretien vidéo en direct pour le poste de ${job}.`,
    },
    when: (local: string, zone: string, utc: string) => `Quand\u00a0: le ${local} (${zone}), soit le ${utc}.`,
    page: 'Sur la page de votre entretien, vous pouvez confirmer votre présence et vérifier votre caméra et votre micro\u00a0; c’est de là que vous rejoignez l’appel, peu avant son début.',
    calendarAdds: 'L’invitation jointe à cet e-mail l’ajoute à votre agenda.',
    calendarMoves: 'L’invitation jointe à cet e-mail le déplace dans votre agenda.',
    plannedFor: (local: string, zone: string) => `Il était prévu le ${local} (${zone}). L’annulation jointe à cet e-mail le retire de votre agenda.`,
    pageLine: 'La page de votre entretien',
    open: 'Ouvrir la page de votre entretien',
  },
  rejected: {
    subject: (job: string, company: string) => `Votre candidature au poste de ${job} chez ${company}`,
    subjectWithoutJob: (company: string) => `Votre candidature chez ${company}`,
    thanks: (company: string, job: string) => `Merci du temps que vous avez consacré à votre entretien vidéo pour le poste de ${job} chez ${company}.`,
    thanksWithoutJob: (company: string) => `Merci du temps que vous avez consacré à votre entretien vidéo avec ${company}.`,
    decision:
      "Nous l'avons examiné avec attention et avons décidé de ne pas donner suite à votre candidature pour le moment. Nous vous remercions de l'intérêt que vous nous avez témoigné et vous souhaitons pleine réussite dans vos recherches.",
    signature: (company: string) => `Bien cordialement,\n${company}`,
  },
  calendar: {
    summary: (job: string, company: string) => `Entretien en direct\u00a0: ${job} chez ${company}`,
    description: (company: string, job: string, url: string) =>
      `Entretien vidéo en direct avec ${company} pour le poste de ${job}. Rejoignez-le depuis la page de votre entretien\u00a0: ${url}`,
    canceledSummary: (job: string, company: string) => `Annulé\u00a0: entretien en direct\u00a0: ${job} chez ${company}`,
    canceledDescription: (company: string, job: string) => `${company} a annulé cet entretien vidéo en direct pour le poste de ${job}.`,
  },
};
