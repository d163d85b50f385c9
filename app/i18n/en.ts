import { EMAIL_TOO_LONG } from "~/utils/email";
import { DEFAULT_MEMBER_DESCRIPTION } from "~/utils/team-member";

/**
 * The public site's fixed texts in English: the product specification's exact wording. Every key
 * here must exist in da.ts and nothing else may (the type checker holds it, see dictionary.ts).
 * `{name}` marks a value filled in when the text is used.
 */
export const en = {
  "layout.skipToContent": "Skip to content",
  "layout.signIn": "Sign In",
  "layout.admin": "Admin",
  "layout.signOut": "Sign Out",
  "layout.errorTitle": "Something went wrong",
  "layout.notifications": "Notifications",
  "layout.closeToast": "Close toast",
  "layout.errorText": "An unexpected error occurred. Please try again later.",

  "nav.label": "Main",
  "nav.menu": "Menu",
  "nav.home": "Home",
  "nav.horses": "Horses",
  "nav.winners": "Winners",
  "nav.team": "Team",
  "nav.contact": "Contact",

  "notFound.title": "Page not found",
  "notFound.text": "Oops! Page not found",
  "notFound.home": "Return to Home",

  "home.metaTitle": "{name} | Racehorse training stable",
  "home.metaDescription":
    "{name} trains thoroughbred racehorses in Denmark: our horses in training, race winners, team and how to visit.",
  "home.gallery": "Gallery",
  "home.galleryImage": "Gallery image {position}",
  "home.news": "Latest News",
  "home.newsWelcome": "Welcome to {name}! Follow our horses here as the racing season unfolds.",
  "home.viewChampions": "View Our Champions",
  "home.startTraining": "Start Training",
  "home.offerHeading": "What We Offer",
  "home.explore": "Explore",
  "home.exploreLabel": "Explore {title}",
  "home.trainingTitle": "Elite Training",
  "home.trainingText": "Individual programmes on grass, sand and in the water, planned around each horse's next race.",
  "home.winnersTitle": "Winners",
  "home.winnersText": "Victories from Klampenborg to Aalborg, and the stories of the horses that earned them.",
  "home.teamTitle": "Expert Team",
  "home.teamText": "Trainers, riders, grooms and a vet who know every horse in the yard by heart.",
  "home.consultationTitle": "Consultation",
  "home.consultationText": "Thinking of a horse in training? Visit the yard and talk it through with our head trainer.",
  "home.excellenceHeading": "Excellence in Every Stride",
  "home.excellenceText1":
    "For three generations we have trained thoroughbreds on the edge of Dyrehaven, a short canter from Klampenborg Galopbane. We keep the yard small on purpose: every horse is known by name, ridden by the same people each morning and raced only when it is ready.",
  "home.excellenceText2":
    "Our owners hear from us every week, see their horse work whenever they like, and stand with us in the winner's circle when the day comes.",
  "home.careHeading": "Professional care",
  "home.careText":
    "Someone is always in the yard. Night checks, a vet on call, farrier visits every five weeks and feeding plans adjusted to each horse's work, so nothing waits until morning.",
  "home.readyHeading": "Ready to Begin?",
  "home.readyText":
    "Whether you own a yearling with promise or are looking for your first racehorse, we would love to show you around the stable.",
  "home.contactUs": "Contact Us",

  "horses.metaTitle": "Horses in Training | {name}",
  "horses.metaDescription":
    "The thoroughbreds in training at our stable: pedigree, owner, prize money and placings for each horse.",
  "horses.eyebrow": "In the yard",
  "horses.title": "Horses in Training",
  "horses.intro":
    "Meet the horses who share our stable. Each one follows a programme built around its age, temperament and target races, with daily work on the sand track, swimming and long hacks through Dyrehaven.",
  "horses.loading": "Loading horses...",
  "horses.empty": "No horses in training yet. Add some horses in the admin panel.",
  "horses.ageOne": "{age} year old",
  "horses.ageMany": "{age} years old",
  "horses.sire": "Sire",
  "horses.dam": "Dam",
  "horses.owner": "Owner",
  "horses.prizeMoney": "Prize money",
  "horses.placings": "Placings",
  "horses.firsts": "1st: {count}",
  "horses.seconds": "2nd: {count}",
  "horses.thirds": "3rd: {count}",

  "winners.metaTitle": "Winners | {name}",
  "winners.metaDescription":
    "Race victories of our horses at Klampenborg, Aarhus, Aalborg and Odense: races, dates, jockeys and prize money.",
  "winners.eyebrow": "On the racecourse",
  "winners.title": "Our Winners",
  "winners.intro":
    "Every victory is the result of months of patient preparation. From Klampenborg to Jydsk Væddeløbsbane, these are the days our horses, jockeys and owners crossed the line first.",
  "winners.loading": "Loading winners",
  "winners.errorHeading": "Error Loading Winners",
  "winners.errorText": "Failed to load winners data. Please try again later.",
  "winners.empty": "No winners found. Add some winners from the admin page.",
  "winners.photoAlt": "{horse} after winning {race}",
  "winners.track": "Track",
  "winners.date": "Date",
  "winners.distance": "Distance",
  "winners.owner": "Owner",
  "winners.jockey": "Jockey",
  "winners.prizeMoney": "Prize money",
  "winners.unknownHorse": "Unknown Horse",
  "winners.unknownRace": "Unknown Race",
  "winners.unknownTrack": "Unknown Track",
  "winners.unknownDate": "Unknown Date",
  "winners.unknownDistance": "Unknown Distance",
  "winners.unknownOwner": "Unknown Owner",
  "winners.unknownJockey": "Unknown Jockey",
  "winners.notSpecified": "Not specified",

  "team.metaTitle": "The Team | {name}",
  "team.metaDescription":
    "Meet the trainers, riders, grooms and vet who care for our racehorses every day of the year.",
  "team.eyebrow": "The people behind the horses",
  "team.title": "The Team",
  "team.intro":
    "Trainers, riders, grooms and a vet who know every horse by its habits as well as its name. Together they look after our horses from the first feed at dawn to the last check at night.",
  "team.loading": "Loading team members",
  "team.errorHeading": "Error",
  "team.errorText": "Failed to load team members.",
  "team.empty": "Our team will be introduced here soon.",
  "team.defaultDescription": DEFAULT_MEMBER_DESCRIPTION,

  "contact.metaTitle": "Contact | {name}",
  "contact.metaDescription":
    "Get in touch with {name}: send the stable a message, or find its address, phone number and e-mail.",
  "contact.eyebrow": "Get in touch",
  "contact.title": "Contact Us",
  "contact.intro":
    "Thinking of putting a horse into training, visiting the yard or following one of our runners? Send us a message and the stable will get back to you, or use our details to reach us directly.",
  "contact.formHeading": "Send us a Message",
  "contact.name": "Full Name",
  "contact.email": "Email Address",
  "contact.message": "Message",
  "contact.characters": "characters",
  "contact.honeypot": "Fax number (leave empty)",
  "contact.send": "Send Message",
  "contact.sending": "Sending...",
  "contact.nameRequired": "Name is required",
  "contact.nameTooLong": "Name must be less than 100 characters",
  "contact.nameOneLine": "Name must be on a single line",
  "contact.emailInvalid": "Invalid email address",
  "contact.emailTooLong": EMAIL_TOO_LONG,
  "contact.messageTooShort": "Message must be at least 10 characters",
  "contact.messageTooLong": "Message must be less than 2000 characters",
  "contact.validationTitle": "Validation Error",
  "contact.errorTitle": "Error",
  "contact.sentTitle": "Message Sent!",
  "contact.sentText": "Thank you for contacting the stable. We'll get back to you soon.",
  "contact.failedText": "Failed to send message. Please try again or contact us directly.",
  "contact.tooFastText":
    "That was quicker than anyone can write a message, so it was not sent. Please wait a few seconds and press Send Message again.",
  "contact.expiredText": "The form had expired, so your message was not sent. Please press Send Message again.",
  "contact.rateLimitedOne":
    "Too many messages have been sent from your connection. Please try again in {minutes} minute, or contact us directly.",
  "contact.rateLimitedMany":
    "Too many messages have been sent from your connection. Please try again in {minutes} minutes, or contact us directly.",
  "contact.infoHeading": "Contact Information",
  "contact.infoLoading": "Loading contact information...",
  "contact.infoUnavailable": "Contact information could not be loaded. Please try again later.",
  "contact.infoEmpty": "Contact information will be displayed here once configured by admin.",
  "contact.address": "Address",
  "contact.phone": "Phone",
  "contact.emailLabel": "Email",
} as const;
