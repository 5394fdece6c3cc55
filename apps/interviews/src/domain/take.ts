/** One recorded answer to a question: its video lives in media storage under `storageKey`. */
export interface Take {
  uuid: string;
  interviewUuid: string;
  questionUuid: string;
  number: number;
  contentType: string;
  size: number;
  durationSeconds: number;
  storageKey: string;
  createdAt: Date;
}
