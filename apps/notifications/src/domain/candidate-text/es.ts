import type { CandidateText } from './en';

/** What the job seeker gets from us, in Spanish (neutral, usted, as the candidate pages), as a Spanish-speaking recruiter would write it. */
export const es: CandidateText = {
  lang: 'es',
  hello: (name: string) => `Hola, ${name}:`,
  accommodation: (company: string) =>
    `Si necesita un ajuste, como más tiempo o responder solo con audio, pídaselo a ${company} desde la página de su entrevista: elija «¿Necesitas un ajuste?».`,
  transcribed: {
    answers: 'Sus respuestas se transcribirán a texto para que el equipo de selección pueda leerlas y buscar en ellas.',
    call: 'Si se graba la llamada, la grabación se transcribirá a texto para que el equipo de selección pueda leerla y buscar en ella.',
  },
  oneWay: {
    subject: {
      invited: (job: string, company: string) => `Su entrevista en vídeo para ${job} en ${company}`,
      rescheduled: (job: string, _company: string) => `Nueva fecha límite: su entrevista para ${job}`,
      reset: (job: string, _company: string) => `Vuelva a grabar su entrevista para ${job}`,
    },
    intro: {
      invited: (company: string, job: string) => `${company} le invita a una entrevista en vídeo para el puesto de ${job}.`,
      rescheduled: (company: string, job: string) => `${company} ha cambiado la fecha límite de su entrevista en vídeo para el puesto de ${job}.`,
      reset: (company: string, job: string) =>
        `Su entrevista en vídeo para el puesto de ${job} en ${company} se ha reiniciado: puede volver a grabar sus respuestas.`,
    },
    dueBy: (due: string, zone: string) => `Complétela antes del ${due} (${zone}).`,
    open: 'Abrir su entrevista',
  },
  sms: {
    due: (job: string, due: string, zone: string) => `su entrevista en vídeo para ${job} debe completarse antes del ${due} (${zone})`,
    starts: (job: string, at: string, zone: string) => `su entrevista en directo por vídeo para ${job} empieza el ${at} (${zone})`,
    invitation: (company: string, when: string, url: string) => `${company}: ${when}. ${url}`,
    reminder: (company: string, when: string, url: string) => `Recordatorio de ${company}: ${when}. ${url}`,
  },
  live: {
    subject: {
      invited: (job: string, company: string) => `Entrevista en directo por vídeo para ${job} en ${company}`,
      rescheduled: (job: string, company: string) => `Nueva hora: su entrevista en directo para ${job} en ${company}`,
      reset: (job: string, company: string) => `Su entrevista en directo para ${job} en ${company}`,
      canceled: (job: string, company: string) => `Cancelada: su entrevista en directo para ${job} en ${company}`,
    },
    intro: {
      invited: (company: string, job: string) =>
        `${company} le invita a una entrevista en directo por vídeo para el puesto de ${job}: hablará con quienes le entrevistan por vídeo, desde su navegador, sin instalar ninguna aplicación.`,
      rescheduled: (company: string, job: string) => `${company} ha cambiado la hora de su entrevista en directo por vídeo para el puesto de ${job}.`,
      reset: (company: string, job: string) =>
        `Su entrevista en directo por vídeo para el puesto de ${job} en ${company} se ha reiniciado: aquí tiene de nuevo su enlace.`,
      canceled: (company: string, job: string) => `${company} ha cancelado su entrevista en directo por vídeo para el puesto de ${job}.`,
    },
    when: (local: string, zone: string, utc: string) => `Cuándo: el ${local} (${zone}), es decir, el ${utc}.`,
    page: 'En la página de su entrevista puede confirmar su asistencia y comprobar su cámara y su micrófono; desde ahí se une a la llamada poco antes de que empiece.',
    calendarAdds: 'La invitación de calendario adjunta a este correo la añade a su calendario.',
    calendarMoves: 'La invitación de calendario adjunta a este correo la cambia de hora en su calendario.',
    plannedFor: (local: string, zone: string) => `Estaba prevista para el ${local} (${zone}). La cancelación adjunta a este correo la quita de su calendario.`,
    pageLine: 'La página de su entrevista',
    open: 'Abrir la página de su entrevista',
  },
  rejected: {
    subject: (job: string, company: string) => `Su candidatura para ${job} en ${company}`,
    subjectWithoutJob: (company: string) => `Su candidatura en ${company}`,
    thanks: (company: string, job: string) => `Gracias por su tiempo y por su entrevista en vídeo para el puesto de ${job} en ${company}.`,
    thanksWithoutJob: (company: string) => `Gracias por su tiempo y por su entrevista en vídeo con ${company}.`,
    decision:
      'Hemos valorado su entrevista con detenimiento y hemos decidido no seguir adelante con su candidatura por el momento. Le agradecemos su interés y le deseamos mucho éxito en su búsqueda.',
    signature: (company: string) => `Un cordial saludo,\n${company}`,
  },
  calendar: {
    summary: (job: string, company: string) => `Entrevista en directo: ${job} en ${company}`,
    description: (company: string, job: string, url: string) =>
      `Entrevista en directo por vídeo con ${company} para el puesto de ${job}. Únase desde la página de su entrevista: ${url}`,
    canceledSummary: (job: string, company: string) => `Cancelada: entrevista en directo: ${job} en ${company}`,
    canceledDescription: (company: string, job: string) => `${company} ha cancelado esta entrevista en directo por vídeo para el puesto de ${job}.`,
  },
};
