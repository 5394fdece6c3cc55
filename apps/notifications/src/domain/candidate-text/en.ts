/**
 * Every sentence the job seeker gets from us (invitation and reminder emails and SMS, a live interview's emails and
 * calendar entry, the email of a reject the company chose to tell them of: decision 070), in English. Another language is another module of this shape (`CandidateText`); a unit spec fails
 * when one misses a key (decision 047). Company users' emails stay English (decision 042).
 */
export const en = {
  lang: 'en' as string,
  hello: (name: string) => `Hello ${name},`,
  accommodation: (company: string) =>
    `If you need an accommodation, such as more time or answering with audio only, ask ${company} from your interview's page: choose “Need an accommodation?”.`,
  /** When the company's answers are transcribed (decision 073): a one-way interview's answers, a live call's recording. */
  transcribed: {
    answers: 'Your answers will be transcribed to text so the hiring team can read and search them.',
    call: 'If the call is recorded, its recording will be transcribed to text so the hiring team can read and search it.',
  },
  oneWay: {
    subject: {
      invited: (job: string, company: string) => `Your video interview for ${job} at ${company}`,
      rescheduled: (job: string, _company: string) => `New due time: your interview for ${job}`,
      reset: (job: string, _company: string) => `Record your interview for ${job} again`,
    },
    intro: {
      invited: (company: string, job: string) => `${company} invites you to a video interview for ${job}.`,
      rescheduled: (company: string, job: string) => `${company} moved the due time of your video interview for ${job}.`,
      reset: (company: string, job: string) => `Your video interview for ${job} at ${company} was reset: you can record your answers again.`,
    },
    dueBy: (due: string, zone: string) => `Please complete it by ${due} (${zone}).`,
    open: 'Open your interview',
  },
  sms: {
    due: (job: string, due: string, zone: string) => `your video interview for ${job} is due ${due} (${zone})`,
    starts: (job: string, at: string, zone: string) => `your live video interview for ${job} starts ${at} (${zone})`,
    invitation: (company: string, when: string, url: string) => `${company}: ${when}. ${url}`,
    reminder: (company: string, when: string, url: string) => `Reminder from ${company}: ${when}. ${url}`,
  },
  live: {
    subject: {
      invited: (job: string, company: string) => `Live video interview for ${job} at ${company}`,
      rescheduled: (job: string, company: string) => `New time: your live interview for ${job} at ${company}`,
      reset: (job: string, company: string) => `Your live interview for ${job} at ${company}`,
      canceled: (job: string, company: string) => `Canceled: your live interview for ${job} at ${company}`,
    },
    intro: {
      invited: (company: string, job: string) =>
        `${company} invites you to a live video interview for ${job}: you will meet the interviewers on video, in your browser, with no app to install.`,
      rescheduled: (company: string, job: string) => `${company} moved your live video interview for ${job} to a new time.`,
      reset: (company: string, job: string) => `Your live video interview for ${job} at ${company} was reset: here is your link again.`,
      canceled: (company: string, job: string) => `${company} canceled your live video interview for ${job}.`,
    },
    when: (local: string, zone: string, utc: string) => `When: ${local} (${zone}), that is ${utc}.`,
    page: "On your interview's page you can confirm that you will attend and check your camera and microphone; you join the call from there shortly before it starts.",
    calendarAdds: 'The calendar invitation attached to this email puts it in your calendar.',
    calendarMoves: 'The calendar invitation attached to this email moves it in your calendar.',
    plannedFor: (local: string, zone: string) =>
      `It was planned for ${local} (${zone}). The cancellation attached to this email removes it from your calendar.`,
    pageLine: "Your interview's page",
    open: "Open your interview's page",
  },
  rejected: {
    subject: (job: string, company: string) => `Your application for ${job} at ${company}`,
    subjectWithoutJob: (company: string) => `Your application at ${company}`,
    thanks: (company: string, job: string) => `Thank you for your time and for your video interview for ${job} at ${company}.`,
    thanksWithoutJob: (company: string) => `Thank you for your time and for your video interview with ${company}.`,
    decision:
      'We have reviewed it carefully and have decided not to move forward with your application at this time. We appreciate your interest and wish you every success in your search.',
    signature: (company: string) => `Kind regards,\n${company}`,
  },
  calendar: {
    summary: (job: string, company: string) => `Live interview: ${job} at ${company}`,
    description: (company: string, job: string, url: string) => `Live video interview with ${company} for ${job}. Join from your interview's page: ${url}`,
    canceledSummary: (job: string, company: string) => `Canceled: live interview: ${job} at ${company}`,
    canceledDescription: (company: string, job: string) => `${company} canceled this live video interview for ${job}.`,
  },
};

export type CandidateText = typeof en;
