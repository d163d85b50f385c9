import { registerHousekeeping } from "~/jobs/housekeeping.server";
import { registerMailKind, type MailComposer } from "~/jobs/mail-delivery.server";
import { pruneLinksOfPurgedHorses } from "~/models/owner-account.server";
import { pruneFinishedOwnerMail } from "~/models/owner-notice.server";
import { composeInvitationMail } from "./invitation.server";
import { mailOrigin } from "~/platform/mail-parts.server";
import { composeNoticeMail } from "./notice-mail.server";
import { registerCostQuestionMail } from "./cost-question.server";

const invitation: MailComposer = async (claim) => {
  if (!claim.toAddress) throw new Error("The invitation has no address");
  return composeInvitationMail(claim.toAddress, mailOrigin(claim.linkOrigin));
};

const notice: MailComposer = (claim) => composeNoticeMail(claim.id, mailOrigin(claim.linkOrigin));

/**
 * Hands the background jobs what owners' mail needs (at start-up, server/jobs.ts): how invitations
 * and notices read (and an owner's question about a cost, to the stable), and the pruning of their finished mail and of links to horses deleted for good.
 */
export function registerOwnerJobs() {
  registerMailKind("owner-invitation", invitation);
  registerMailKind("owner-notice", notice);
  registerCostQuestionMail();
  registerHousekeeping("ownerMail", pruneFinishedOwnerMail);
  registerHousekeeping("ownerLinks", () => pruneLinksOfPurgedHorses());
}
