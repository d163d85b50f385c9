import { section } from "./section";

/** The Winners tab (the spec's texts). */
export const winnersTexts = section(
  {
    "winners.add": "Add New Victory",
    "winners.edit": "Edit Victory Record",
    "winners.list": "Recent Victories",
    "winners.empty": "No victories yet. Add the first one above.",
    "winners.listName": "victories",
    "winners.searchHint": "Horse, race, track, jockey or year",
    "winners.photo": "Winner Photo",
    "winners.photoAlt": "{horse} winning {race}",
    "winners.currentPhotoAlt": "{race} photo",
    "winners.addButton": "Add Victory",
    "winners.prizeNoteAdd": "It is added to the horse's total prize money.",
    "winners.prizeNoteEdit":
      "A change here (or moving the victory to another horse) also corrects the horses' total prize money.",
    "winners.added": "Winner Added",
    "winners.addedText": "{race} has been added to the victories.",
    "winners.updated": "Winner Updated",
    "winners.updatedText": "The victory record has been saved.",
    "winners.addFailed": "Failed to add winner",
    "winners.updateFailed": "Failed to update winner",
    "winners.deleteFailed": "Failed to delete winner",
  },
  {
    "winners.add": "Tilføj ny sejr",
    "winners.edit": "Rediger sejr",
    "winners.list": "Seneste sejre",
    "winners.empty": "Ingen sejre endnu. Tilføj den første ovenfor.",
    "winners.listName": "sejre",
    "winners.searchHint": "Hest, løb, bane, jockey eller år",
    "winners.photo": "Billede fra sejren",
    "winners.photoAlt": "{horse} vinder {race}",
    "winners.currentPhotoAlt": "Billede fra {race}",
    "winners.addButton": "Tilføj sejr",
    "winners.prizeNoteAdd": "Den lægges til hestens samlede præmiesum.",
    "winners.prizeNoteEdit":
      "En ændring her (eller hvis sejren flyttes til en anden hest) retter også hestenes samlede præmiesum.",
    "winners.added": "Vinder tilføjet",
    "winners.addedText": "{race} er føjet til sejrene.",
    "winners.updated": "Vinder opdateret",
    "winners.updatedText": "Sejren er gemt.",
    "winners.addFailed": "Sejren kunne ikke tilføjes",
    "winners.updateFailed": "Sejren kunne ikke opdateres",
    "winners.deleteFailed": "Sejren kunne ikke slettes",
  },
);
