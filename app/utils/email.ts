/** The longest e-mail address any form takes (the spec's contact limit); longer ones are refused before anything is stored. */
export const EMAIL_MAX = 255;
export const EMAIL_TOO_LONG = "Email must be less than 255 characters";
