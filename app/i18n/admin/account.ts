import { section } from "./section";

/** The account page: the dashboard's language and the sessions. */
export const accountTexts = section(
  {
    "account.title": "Account",
    "account.signedInAs": "Signed in as {email}.",
    "account.language": "Dashboard Language",
    "account.languageLabel": "Language",
    "account.languageHint":
      "The language of this dashboard, for your account only. The public site keeps its English and Danish pages.",
    "account.saveLanguage": "Save Language",
    "account.languageSaved": "Language Saved",
    "account.languageSavedText": "The dashboard is now in English.",
    "account.languageFailed": "Failed to save the language",
    "account.languageInvalid": "Choose English or Dansk",
    "account.sessions": "Sessions",
    "account.sessionsText":
      "Signed in on a phone or computer you no longer use, or lent one out? End those sessions here.",
    "account.signOutOthers": "Sign out other devices",
    "account.signOutEverywhere": "Sign out everywhere",
    "account.signedOutOthers": "Signed out other devices",
    "account.signedOutOthersText": "Every other session has ended; this one stays signed in.",
    "account.signOutError": "Sign Out Error",
    "account.signOutErrorText": "You could not be signed out. Please try again.",
  },
  {
    "account.title": "Konto",
    "account.signedInAs": "Logget ind som {email}.",
    "account.language": "Sprog i kontrolpanelet",
    "account.languageLabel": "Sprog",
    "account.languageHint":
      "Sproget i dette kontrolpanel, kun for din konto. Den offentlige hjemmeside har stadig sine engelske og danske sider.",
    "account.saveLanguage": "Gem sprog",
    "account.languageSaved": "Sprog gemt",
    "account.languageSavedText": "Kontrolpanelet er nu på dansk.",
    "account.languageFailed": "Sproget kunne ikke gemmes",
    "account.languageInvalid": "Vælg English eller Dansk",
    "account.sessions": "Sessioner",
    "account.sessionsText":
      "Logget ind på en telefon eller computer, du ikke bruger mere, eller har du lånt en ud? Afslut de sessioner her.",
    "account.signOutOthers": "Log ud på andre enheder",
    "account.signOutEverywhere": "Log ud overalt",
    "account.signedOutOthers": "Logget ud på andre enheder",
    "account.signedOutOthersText": "Alle andre sessioner er afsluttet; denne er stadig logget ind.",
    "account.signOutError": "Fejl ved log ud",
    "account.signOutErrorText": "Du kunne ikke logges ud. Prøv igen.",
  },
);
