/** The day the privacy policy and the terms last changed (app/words/legal-words.server.ts): change it with the text. */
export const POLICY_DAY = '2025-01-20'
