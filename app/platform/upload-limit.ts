/** The default upload limit (UPLOAD_MAX_BYTES), 20 MB; the upload field shows it in the browser too. */
export const DEFAULT_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
