import { section } from "./section";

const ACCEPTED = "Choose a JPEG, PNG, WebP or AVIF image.";
const ACCEPTED_DA = "Vælg et JPEG-, PNG-, WebP- eller AVIF-billede.";

/**
 * The image field and why a form or a file was refused; `upload.<problem>` follows the problems of
 * ~/media/image.ts and ~/media/upload.server.ts, whose English texts these are.
 */
export const uploadTexts = section(
  {
    "upload.currentImage": "Current image",
    "upload.chosenFile": "Chosen file {name}",
    "upload.newImage": "New image (saved when you submit)",
    "upload.hint": "JPEG, PNG, WebP or AVIF, up to {limit}.",
    "upload.progress": "Upload progress",
    "upload.uploading": "Uploading…",
    "upload.uploadingPercent": "Uploading… {percent}%",
    "upload.processing": "Processing…",

    "upload.empty": `The file is empty. ${ACCEPTED}`,
    "upload.notImage": `This file is not an image. ${ACCEPTED}`,
    "upload.svg": `SVG drawings are not accepted. ${ACCEPTED}`,
    "upload.heic": `HEIC/HEIF photos (the iPhone default) are not accepted. ${ACCEPTED} On an iPhone, choose 'Most Compatible' under Settings › Camera › Formats, or share the photo as JPEG.`,
    "upload.gif": `GIF images are not accepted. ${ACCEPTED}`,
    "upload.tiff": `TIFF images are not accepted. ${ACCEPTED}`,
    "upload.bmp": `BMP images are not accepted. ${ACCEPTED}`,
    "upload.pdf": `PDF documents are not accepted. ${ACCEPTED}`,
    "upload.damaged":
      "This image is damaged or incomplete and cannot be read. Export or copy it again and choose the new file.",
    "upload.tooManyPixels":
      "This image is too large: {width} × {height} pixels ({megapixels} megapixels). The limit is {limit} megapixels; resize it and try again.",
    "upload.failed": "The image could not be saved. Please try again.",
    "upload.noPrivateStorage":
      "Photos of owners-only posts cannot be kept on this site yet: it has no private photo storage (MEDIA_S3_PRIVATE_BUCKET). Publish without photos, or ask whoever runs the site to set it.",

    "upload.unsupported": "The form was sent in a format this page does not accept.",
    "upload.emptyForm": "The form arrived empty.",
    "upload.unreadable": "The form could not be read.",
    "upload.fieldTooLong": "The field {field} is too long.",
    "upload.tooManyFiles": "The form has too many files.",
    "upload.tooManyFields": "The form has too many fields.",
    "upload.tooManyParts": "The form has too many parts.",
    "upload.interrupted": "The upload was interrupted or malformed. Please try again.",
    "upload.formTooLarge": "The form is too large.",
    "upload.storeFailed": "The upload could not be stored. Please try again.",
    "upload.fileTooLarge": "The file is too large. The limit is {limit}.",
  },
  {
    "upload.currentImage": "Nuværende billede",
    "upload.chosenFile": "Valgt fil {name}",
    "upload.newImage": "Nyt billede (gemmes, når du sender formularen)",
    "upload.hint": "JPEG, PNG, WebP eller AVIF, højst {limit}.",
    "upload.progress": "Upload",
    "upload.uploading": "Sender …",
    "upload.uploadingPercent": "Sender … {percent} %",
    "upload.processing": "Behandler …",

    "upload.empty": `Filen er tom. ${ACCEPTED_DA}`,
    "upload.notImage": `Filen er ikke et billede. ${ACCEPTED_DA}`,
    "upload.svg": `SVG-tegninger kan ikke bruges. ${ACCEPTED_DA}`,
    "upload.heic": `HEIC/HEIF-fotos (iPhonens standard) kan ikke bruges. ${ACCEPTED_DA} På en iPhone kan du vælge 'Mest kompatibel' under Indstillinger › Kamera › Formater eller dele billedet som JPEG.`,
    "upload.gif": `GIF-billeder kan ikke bruges. ${ACCEPTED_DA}`,
    "upload.tiff": `TIFF-billeder kan ikke bruges. ${ACCEPTED_DA}`,
    "upload.bmp": `BMP-billeder kan ikke bruges. ${ACCEPTED_DA}`,
    "upload.pdf": `PDF-dokumenter kan ikke bruges. ${ACCEPTED_DA}`,
    "upload.damaged":
      "Billedet er beskadiget eller ufuldstændigt og kan ikke læses. Eksportér eller kopiér det igen, og vælg den nye fil.",
    "upload.tooManyPixels":
      "Billedet er for stort: {width} × {height} pixels ({megapixels} megapixels). Grænsen er {limit} megapixels; gør det mindre, og prøv igen.",
    "upload.failed": "Billedet kunne ikke gemmes. Prøv igen.",
    "upload.noPrivateStorage":
      "Billeder til opslag kun for ejere kan ikke gemmes på siden endnu: den har intet privat billedlager (MEDIA_S3_PRIVATE_BUCKET). Udgiv uden billeder, eller bed den, der driver siden, om at sætte det op.",

    "upload.unsupported": "Formularen blev sendt i et format, siden ikke tager imod.",
    "upload.emptyForm": "Formularen kom frem tom.",
    "upload.unreadable": "Formularen kunne ikke læses.",
    "upload.fieldTooLong": "Feltet {field} er for langt.",
    "upload.tooManyFiles": "Formularen har for mange filer.",
    "upload.tooManyFields": "Formularen har for mange felter.",
    "upload.tooManyParts": "Formularen har for mange dele.",
    "upload.interrupted": "Overførslen blev afbrudt eller var ufuldstændig. Prøv igen.",
    "upload.formTooLarge": "Formularen er for stor.",
    "upload.storeFailed": "Filen kunne ikke gemmes. Prøv igen.",
    "upload.fileTooLarge": "Filen er for stor. Grænsen er {limit}.",
  },
);
