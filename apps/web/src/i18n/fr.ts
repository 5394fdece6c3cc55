import type { CandidateMessages } from './candidate-messages';

/**
 * The candidate's pages and the share page in French (vouvoiement). French typography: a no-break space
 * (\u00a0) before « : », « ; », « ? », « ! » and « % ».
 */
export const fr: CandidateMessages = {
  lang: 'fr',
  common: {
    loading: 'Chargement…',
    retry: 'Réessayer',
    seconds: (n: number) => (n <= 1 ? `${n}\u00a0seconde` : `${n}\u00a0secondes`),
    duration: (totalSeconds: number) => {
      const minutes = Math.floor(totalSeconds / 60);
      const seconds = totalSeconds % 60;
      if (minutes === 0) return fr.common.seconds(seconds);
      const m = minutes === 1 ? '1\u00a0minute' : `${minutes}\u00a0minutes`;
      return seconds === 0 ? m : `${m} et ${fr.common.seconds(seconds)}`;
    },
    clock: (totalSeconds: number) => `${Math.floor(totalSeconds / 60)}:${String(totalSeconds % 60).padStart(2, '0')}`,
    companyLogo: (company: string) => `Logo de ${company}`,
  },
  errors: {
    linkInvalid: 'Ce lien d’entretien a expiré ou n’est pas valide. Demandez un nouveau lien à l’entreprise qui vous a invité(e).',
    linkIncomplete: 'Ce lien d’entretien est incomplet. Ouvrez le lien complet depuis votre e-mail d’invitation.',
    interviewNotFound: 'Cet entretien n’existe plus. L’entreprise l’a peut-être supprimé.',
    interviewExpired:
      'La date limite de cet entretien est passée\u00a0: il n’est plus possible d’y répondre. Contactez l’entreprise si vous avez besoin de plus de temps.',
    interviewCanceled: 'L’entreprise a annulé cet entretien. Vous n’avez plus rien à faire.',
    interviewCompleted: 'Vous avez déjà terminé cet entretien. Merci, vous n’avez plus rien à faire.',
    jobClosed:
      'Cette offre n’est plus ouverte\u00a0: l’entretien ne peut donc pas être terminé. Contactez l’entreprise si vous pensez qu’il s’agit d’une erreur.',
    notAccepted: 'Commencez l’entretien depuis sa première page avant de répondre.',
    unanswered: 'Certaines questions n’ont pas encore de réponse. Répondez à chaque question ou passez-la, puis terminez.',
    takesExhausted:
      'Vous avez utilisé toutes les prises autorisées pour cette question. Votre dernière prise est conservée\u00a0; passez à la question suivante.',
    takeTooLong: 'Cet enregistrement dépasse la durée autorisée pour la question\u00a0: il n’a pas été accepté. Enregistrez une réponse plus courte.',
    notAVideo: 'Cet enregistrement n’a pas pu être lu comme une vidéo\u00a0: il n’a pas été accepté. Enregistrez à nouveau votre réponse.',
    takeTooLarge: 'Cet enregistrement est trop volumineux pour être envoyé. Enregistrez une réponse plus courte.',
    mediaQuotaFull: 'Cet entretien ne peut plus recevoir d’enregistrements. Gardez les réponses déjà enregistrées, ou contactez l’entreprise.',
    tooManyRequests: 'Trop de requêtes depuis ce réseau. Patientez une minute, puis réessayez.',
    unavailable: 'Le service est momentanément injoignable. Vérifiez votre connexion et réessayez dans un instant.',
    unexpected: 'Un problème est survenu de notre côté. Réessayez dans un instant.',
    pagesNotBuilt: 'Les pages web ne sont pas disponibles.',
  },
  landing: {
    title: 'Votre entretien vidéo',
    heading: (job: string) => `Entretien vidéo\u00a0: ${job}`,
    invitedBy: (company: string) => `${company} vous invite à répondre à quelques questions en vidéo.`,
    due: (local: string) => `Merci de terminer avant le ${local} (votre heure).`,
    dueInterviewZone: (zoned: string, zone: string) => `Soit le ${zoned} à l’heure de ${zone}, comme dans votre e-mail d’invitation.`,
    questionsHeading: (n: number) => (n === 1 ? '1\u00a0question' : `${n}\u00a0questions`),
    questionLimits: (index: number, limit: string, takes: number) =>
      `Question ${index}\u00a0: jusqu’à ${limit}, ${takes < 0 ? 'autant de prises que vous le souhaitez' : takes === 1 ? '1\u00a0prise' : `${takes}\u00a0prises`}`,
    thinkTime: (seconds: string) => ` (${seconds} pour la lire d’abord)`,
    whatHappens: 'Comment ça se passe',
    steps: [
      'Vérifiez votre caméra et votre micro ci-dessous.',
      'Commencez l’entretien. Les questions s’affichent une par une\u00a0; quand une question prévoit un temps de réflexion, un compte à rebours vous laisse un moment pour vous préparer.',
      'Enregistrez votre réponse. L’enregistrement s’arrête tout seul à la limite de temps. Revoyez-la, recommencez tant qu’il vous reste des prises, ou continuez.',
      'Une fois chaque question répondue ou passée, terminez. L’entreprise regarde alors vos réponses.',
    ],
    accept: 'Commencer l’entretien',
    resume: 'Reprendre l’entretien',
    accepting: 'Démarrage…',
    acceptFirstCheck: 'Vérifiez d’abord votre caméra et votre micro.',
    practice: 'S’entraîner d’abord sur une question',
  },
  practice: {
    heading: 'Question d’entraînement',
    question: 'Parlez-nous un peu de vous et de ce que vous aimeriez faire ensuite.',
    intro:
      'Cette réponse est pour vous seul(e)\u00a0: elle est relue sur cette page et n’est jamais envoyée à l’entreprise. Servez-vous-en pour voir comment on vous voit et vous entend.',
    limit: (limit: string) => `Limite de temps\u00a0: ${limit}, comme pour les vraies questions`,
    playback: 'Votre réponse d’entraînement',
    notSent: 'Cette réponse d’entraînement reste sur cette page\u00a0: rien n’a été envoyé.',
    again: 'Recommencer l’entraînement',
    start: 'Commencer l’entretien',
  },
  device: {
    heading: 'Caméra et micro',
    intro: 'Votre navigateur va vous demander l’accès à votre caméra et à votre micro. Autorisez les deux pour enregistrer vos réponses.',
    check: 'Vérifier la caméra et le micro',
    checking: 'Vérification…',
    preview: 'Aperçu de la caméra',
    micLevel: 'Niveau du micro',
    ok: 'Votre caméra et votre micro fonctionnent. Parlez pour voir bouger le niveau du micro.',
    permissionDenied:
      'Vous n’avez pas autorisé cette page à utiliser votre caméra et votre micro. Autorisez-les dans les paramètres du site de votre navigateur (l’icône de caméra dans la barre d’adresse), puis vérifiez à nouveau.',
    noCamera: 'Aucune caméra n’a été trouvée. Branchez une caméra, ou ouvrez ce lien sur un téléphone ou un ordinateur qui en a une, puis vérifiez à nouveau.',
    noMicrophone: 'Aucun micro n’a été trouvé. Branchez un micro ou un casque, puis vérifiez à nouveau.',
    deviceBusy: 'Votre caméra ou votre micro est utilisé par une autre application. Fermez-la, puis vérifiez à nouveau.',
    noMediaRecorder: 'Ce navigateur ne sait pas enregistrer de vidéo. Ouvrez ce lien dans une version récente de Chrome, Firefox, Edge ou Safari.',
    insecure:
      'Ce navigateur n’autorise la caméra que sur les pages sécurisées (https). Ouvrez le lien exactement tel qu’il figure dans votre e-mail d’invitation.',
    failed: 'Votre caméra ou votre micro n’a pas pu démarrer. Vérifiez qu’ils sont bien branchés, puis réessayez.',
  },
  question: {
    progress: (index: number, total: number) => `Question ${index} sur ${total}`,
    limit: (limit: string) => `Limite de temps\u00a0: ${limit}`,
    takesLeft: (remaining: number) =>
      remaining < 0 ? 'Prises illimitées' : remaining === 0 ? 'Plus aucune prise' : remaining === 1 ? 'Encore 1\u00a0prise' : `Encore ${remaining}\u00a0prises`,
    thinkHeading: 'Temps de réflexion',
    thinkCountdown: (clock: string) => `L’enregistrement commence dans ${clock}`,
    startNow: 'Commencer l’enregistrement maintenant',
    start: 'Commencer l’enregistrement',
    stop: 'Arrêter l’enregistrement',
    recording: 'Enregistrement',
    remaining: (clock: string) => `Encore ${clock}`,
    dueIn: (clock: string) => `Temps restant avant la date limite\u00a0: ${clock}`,
    dueBeforeLimit: (clock: string) =>
      `La date limite tombe dans ${clock}, avant la fin du temps prévu pour cette question. Commencez à enregistrer avant\u00a0: une réponse commencée à temps est conservée en entier.`,
    duePassedHeading: 'La date limite est passée',
    duePassed: 'Vous ne pouvez plus enregistrer de réponse. Les réponses enregistrées sont conservées et l’entreprise les verra.',
    savedEarlier: 'Votre réponse à cette question est enregistrée. Recommencez tant qu’il vous reste des prises, ou continuez.',
    playback: 'Votre réponse',
    retake: (remaining: number) =>
      remaining < 0 ? 'Recommencer' : `Recommencer (${remaining === 1 ? 'encore 1\u00a0prise' : `encore ${remaining}\u00a0prises`})`,
    submit: 'Valider et continuer',
    submitLast: 'Valider et terminer',
    skip: 'Passer cette question',
    skipConfirm: 'Passer cette question\u00a0? Vous ne pourrez pas y revenir.',
    skipYes: 'Oui, la passer',
    skipNo: 'Non, y répondre',
    uploading: 'Envoi de votre réponse…',
    uploadProgress: (percent: number) => `Envoyé à ${percent}\u00a0%`,
    uploaded: 'Votre réponse est enregistrée.',
    retrying: (seconds: number) => `La connexion a été interrompue. Nouvel essai dans ${fr.common.seconds(seconds)}\u00a0; votre enregistrement est conservé.`,
    uploadGaveUp: 'L’envoi n’a pas abouti. Votre enregistrement est conservé sur cette page\u00a0: vérifiez votre connexion et réessayez.',
    uploadAgain: 'Renvoyer',
    pendingFound: 'Un enregistrement de votre dernière visite n’avait pas encore été envoyé. Il est en cours d’envoi.',
  },
  finish: {
    heading: 'Vous avez répondu à toutes les questions',
    intro: 'Terminez l’entretien pour envoyer vos réponses à l’entreprise. Vous ne pourrez plus les modifier ensuite.',
    action: 'Terminer l’entretien',
    finishing: 'Finalisation…',
    doneHeading: 'Merci\u00a0!',
    done: (company: string) => `Votre entretien est terminé et vos réponses sont en route vers ${company}. Vous pouvez fermer cette page.`,
  },
  language: {
    label: 'Langue',
  },
  share: {
    title: 'Réponses à l’entretien',
    notAvailable: 'Ce lien n’est pas disponible',
    interviewsHeading: (n: number) => (n === 1 ? '1\u00a0entretien' : `${n}\u00a0entretiens`),
    open: (candidate: string, job: string) => `${candidate}\u00a0: ${job}`,
    back: 'Tous les entretiens',
    heading: (candidate: string) => candidate,
    job: (job: string) => `Poste\u00a0: ${job}`,
    completed: (local: string) => `Terminé le ${local}`,
    notCompleted: 'Non terminé',
    questionHeading: (index: number) => `Question ${index}`,
    limit: (limit: string) => `Limite de temps\u00a0: ${limit}`,
    skipped: 'Passée par la personne candidate',
    noTakes: 'Aucune réponse enregistrée',
    take: (n: number, total: number, duration: string) => (total === 1 ? `Réponse (${duration})` : `Prise ${n} sur ${total} (${duration})`),
    recordingsHeading: 'Enregistrements de l’appel vidéo',
    recording: (n: number, duration: string) => `Enregistrement ${n} (${duration})`,
    recordingNoLength: (n: number) => `Enregistrement ${n}`,
  },
};
