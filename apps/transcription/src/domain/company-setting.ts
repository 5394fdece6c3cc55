/** A company's choice (decision 073): off until an administrator turns it on. */
export interface CompanySetting {
  companyUuid: string;
  transcription: boolean;
  updatedAt: Date;
}
