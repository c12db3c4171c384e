import type { Mail } from "./mailer.ts";

/** The mails Glassroom sends, as plain text: readable in every client and in the log. */
export const mails = {
  confirmEmail: ({ to, name, url }: { to: string; name: string; url: string }): Mail => ({
    to,
    subject: "Confirm your email address for Glassroom",
    text: `Hello ${name},\n\nConfirm your email address by opening this link:\n\n${url}\n\nThe link is valid for 24 hours. If you did not create a Glassroom account, ignore this email.\n\nGlassroom`,
  }),
  /** To an account's owner when someone signs up with its email (the sign-up answers as if it were new). */
  signUpWithExistingEmail: ({ to, name, signInUrl, resetUrl }: { to: string; name: string; signInUrl: string; resetUrl: string }): Mail => ({
    to,
    subject: "Someone tried to sign up to Glassroom with your email",
    text: `Hello${name ? ` ${name}` : ""},\n\nSomeone tried to create a Glassroom account with this email address, which already has one. No new account was created.\n\nIf it was you, sign in instead (if you never confirmed your address, signing in mails you a new confirmation link):\n\n${signInUrl}\n\nIf you forgot your password, reset it:\n\n${resetUrl}\n\nIf it was not you, ignore this email: your account stays as it is.\n\nGlassroom`,
  }),
  resetPassword: ({ to, name, url }: { to: string; name: string; url: string }): Mail => ({
    to,
    subject: "Reset your Glassroom password",
    text: `Hello ${name},\n\nSomeone asked to reset the password of your Glassroom account. To choose a new password, open this link:\n\n${url}\n\nThe link is valid for one hour. Setting a new password signs you out everywhere else. If you did not ask for this, ignore this email: your password stays as it is.\n\nGlassroom`,
  }),
  approved: ({ to, name, workspace, role, url }: { to: string; name: string; workspace: string; role: string; url: string }): Mail => ({
    to,
    subject: `You have been approved in ${workspace}`,
    text: `Hello ${name},\n\nAn administrator of ${workspace} approved your account as ${role}. You can sign in now:\n\n${url}\n\nGlassroom`,
  }),
  rejected: ({ to, name, workspace, reason }: { to: string; name: string; workspace: string; reason: string | undefined }): Mail => ({
    to,
    subject: `Your request to join ${workspace}`,
    text: `Hello ${name},\n\nAn administrator of ${workspace} did not approve your request to join.${reason ? `\n\nTheir reason: ${reason}` : ""}\n\nIf you think this is a mistake, contact the workspace directly.\n\nGlassroom`,
  }),
  /** To a guardian (or the student's own login) after a student's personal data was erased. */
  studentErased: ({
    to,
    name,
    studentName,
    workspace,
    recipient,
  }: {
    to: string;
    name: string;
    studentName: string;
    workspace: string;
    recipient: "guardian" | "student";
  }): Mail => ({
    to,
    subject: `Personal data erased in ${workspace}`,
    text: `Hello ${name},\n\nAn administrator of ${workspace} erased the personal data of ${recipient === "student" ? "your student record" : `the student record of ${studentName}`} in Glassroom, as requested. The record no longer holds a name, school, subjects, goals or notes, and ${recipient === "student" ? "your account is no longer linked to it" : "you are no longer linked to it as a guardian"}. Past lessons and assignments stay in the workspace's history without personal details.\n\nIf you did not expect this, contact ${workspace} directly.\n\nGlassroom`,
  }),
  // No student name here: mail cannot be taken back when a record is erased; the invitation page shows it.
  invitation: ({
    to,
    workspace,
    invitedBy,
    role,
    url,
    expiresAt,
  }: {
    to: string;
    workspace: string;
    invitedBy: string;
    role: string;
    url: string;
    expiresAt: Date;
  }): Mail => ({
    to,
    subject: `${invitedBy} invited you to ${workspace} on Glassroom`,
    text: `Hello,\n\n${invitedBy} invited you to join ${workspace} on Glassroom as ${role === "admin" ? "an admin" : `a ${role}`}. To accept, open this link:\n\n${url}\n\nIt lets you create your account with this email address (${to}), or sign in if you already have one. The link is valid until ${expiresAt.toUTCString()}. If you did not expect this invitation, ignore this email.\n\nGlassroom`,
  }),
  /** To the tutor and the admins: a parent or student asks to cancel a session (its status is unchanged). */
  cancellationRequested: ({
    to,
    name,
    workspace,
    requester,
    subject,
    when,
    reason,
    url,
  }: {
    to: string;
    name: string;
    workspace: string;
    requester: string;
    subject: string;
    when: string;
    reason: string;
    url: string;
  }): Mail => ({
    to,
    subject: `Cancellation requested: ${subject} on ${when}`,
    text: `Hello ${name},\n\n${requester} asked to cancel the ${subject} session on ${when} in ${workspace}.\n\nTheir reason: ${reason}\n\nThe session stays scheduled until the tutor or an admin accepts the request (the session is then cancelled) or declines it, on the session's page:\n\n${url}\n\nGlassroom`,
  }),
  /** To the parent or student who asked: their cancellation request was declined; the session stays as it is. */
  cancellationDeclined: ({
    to,
    name,
    workspace,
    by,
    subject,
    when,
    reason,
    url,
  }: {
    to: string;
    name: string;
    workspace: string;
    by: string;
    subject: string;
    when: string;
    reason: string;
    url: string;
  }): Mail => ({
    to,
    subject: `Cancellation declined: ${subject} on ${when}`,
    text: `Hello ${name},\n\n${by} declined your request to cancel the ${subject} session on ${when} in ${workspace}. The session stays scheduled.\n\nTheir reason: ${reason}\n\nThe session:\n\n${url}\n\nGlassroom`,
  }),
  /** A session's summary, shared with a guardian or the student. */
  summaryShared: ({
    to,
    name,
    workspace,
    studentName,
    subject,
    when,
    body,
    url,
  }: {
    to: string;
    name: string;
    workspace: string;
    studentName: string;
    subject: string;
    when: string;
    body: string;
    url: string;
  }): Mail => ({
    to,
    subject: `${studentName}'s ${subject} session: summary`,
    text: `Hello ${name},\n\nHere is the summary of ${studentName}'s ${subject} session on ${when}, from ${workspace}:\n\n${body}\n\nYou can read it, and every earlier summary, in Glassroom:\n\n${url}\n\nGlassroom`,
  }),
  /** Before a session, the workspace's reminder lead time ahead; `what` names it for the reader ("your Physics session with Maya Lopez"). */
  sessionReminder: ({
    to,
    name,
    workspace,
    subject,
    what,
    when,
    place,
    url,
  }: {
    to: string;
    name: string;
    workspace: string;
    subject: string;
    what: string;
    when: string;
    place: string[];
    url: string;
  }): Mail => ({
    to,
    subject: `Reminder: ${subject} on ${when}`,
    text: `Hello ${name},\n\nA reminder of ${what} in ${workspace} on ${when}.${place.length > 0 ? `\n\n${place.join("\n")}` : ""}\n\nYour calendar:\n\n${url}\n\nGlassroom`,
  }),
  /** A session (or, count > 1, several of a weekly series) moved or changed place; one line per change. */
  sessionChanged: ({
    to,
    name,
    workspace,
    subject,
    what,
    when,
    count,
    changes,
    by,
    url,
  }: {
    to: string;
    name: string;
    workspace: string;
    subject: string;
    what: string;
    when: string;
    count: number;
    changes: string[];
    by: string;
    url: string;
  }): Mail => ({
    to,
    subject: count > 1 ? `Changed: ${count} ${subject} sessions from ${when}` : `Changed: ${subject} on ${when}`,
    text: `Hello ${name},\n\n${by} changed ${what} in ${workspace}${count > 1 ? `: ${count} sessions, from the one of ${when} on` : ` of ${when}`}.\n\n${changes.join("\n")}\n\nYour calendar:\n\n${url}\n\nGlassroom`,
  }),
  /** A session (or, count > 1, several of a weekly series, `when` to `lastWhen`) was cancelled. */
  sessionCancelled: ({
    to,
    name,
    workspace,
    subject,
    what,
    when,
    lastWhen,
    count,
    by,
    reason,
    url,
  }: {
    to: string;
    name: string;
    workspace: string;
    subject: string;
    what: string;
    when: string;
    lastWhen: string;
    count: number;
    by: string;
    reason: string | null;
    url: string;
  }): Mail => ({
    to,
    subject: count > 1 ? `Cancelled: ${count} ${subject} sessions from ${when}` : `Cancelled: ${subject} on ${when}`,
    text: `Hello ${name},\n\n${by} cancelled ${what} in ${workspace}${count > 1 ? `: ${count} sessions, from ${when} to ${lastWhen}` : ` on ${when}`}.${reason ? `\n\nThe reason given: ${reason}` : ""}\n\nYour calendar:\n\n${url}\n\nGlassroom`,
  }),
  /** To the workspace's admins: a family opened a dispute on an invoice line, or wrote in one. */
  disputeToAdmins: ({
    to,
    name,
    workspace,
    parent,
    opened,
    invoiceNumber,
    line,
    text,
    url,
  }: {
    to: string;
    name: string;
    workspace: string;
    parent: string;
    opened: boolean;
    invoiceNumber: string;
    line: string;
    text: string;
    url: string;
  }): Mail => ({
    to,
    subject: opened ? `Invoice ${invoiceNumber} disputed by ${parent}` : `${parent} wrote about their dispute of invoice ${invoiceNumber}`,
    text: `Hello ${name},\n\n${parent} ${opened ? "disputes" : "wrote about"} this line of invoice ${invoiceNumber} in ${workspace}:\n\n${line}\n\n${opened ? "Their reason" : "Their message"}: ${text}\n\nAnswer with an explanation or a credit note in Billing:\n\n${url}\n\nGlassroom`,
  }),
  /** A family's one billing mail of the day: every notice since the last, the documents attached. */
  billingDigest: ({
    to,
    name,
    workspace,
    notices,
    attached,
    url,
  }: {
    to: string;
    name: string;
    workspace: string;
    notices: string[];
    attached: string[];
    url: string;
  }): Mail => ({
    to,
    subject: notices.length === 1 ? `Billing from ${workspace}: ${notices[0]!.split("\n")[0]}` : `Billing from ${workspace}: ${notices.length} updates`,
    text: `Hello ${name},\n\n${notices.map((notice) => `- ${notice}`).join("\n")}${attached.length > 0 ? `\n\nAttached: ${attached.join(", ")}.` : ""}\n\nYour invoices, payments and statements:\n\n${url}\n\nGlassroom`,
  }),
  /** A member's one alert mail of the day: the alerts opened since the last, one line each. */
  alertDigest: ({
    to,
    name,
    workspace,
    lines,
    url,
    settingsUrl,
  }: {
    to: string;
    name: string;
    workspace: string;
    lines: string[];
    url: string;
    settingsUrl: string;
  }): Mail => ({
    to,
    subject: lines.length === 1 ? `Alert in ${workspace}: ${lines[0]}` : `${lines.length} new alerts in ${workspace}`,
    text: `Hello ${name},\n\n${lines.length === 1 ? "A new alert" : `${lines.length} new alerts`} since your last digest:\n\n${lines.map((line) => `- ${line}`).join("\n")}\n\nEach alert with its reason and evidence:\n\n${url}\n\nOne digest a day at most. Turn it off or choose its topics in your settings:\n\n${settingsUrl}\n\nGlassroom`,
  }),
  /** To a lead's owner: an enquiry came in on the workspace's enquiry page, with its first-response task. */
  leadReceived: ({
    to,
    name,
    workspace,
    lead,
    dueOn,
    url,
  }: {
    to: string;
    name: string;
    workspace: string;
    lead: string;
    dueOn: string;
    url: string;
  }): Mail => ({
    to,
    subject: `New enquiry for ${workspace}: ${lead}`,
    text: `Hello ${name},\n\n${lead} enquired on ${workspace}'s enquiry page. The lead is yours, with a task to answer by ${dueOn}.\n\nThe lead, what they asked and how to reach them:\n\n${url}\n\nGlassroom`,
  }),
  /** To an admin or tutor on a day CRM tasks of theirs fall due: those due today and the overdue ones still open. */
  crmTaskDigest: ({
    to,
    name,
    workspace,
    dueToday,
    overdue,
    more,
    url,
  }: {
    to: string;
    name: string;
    workspace: string;
    dueToday: string[];
    overdue: string[];
    more: number;
    url: string;
  }): Mail => ({
    to,
    subject:
      dueToday.length > 0 ? `${dueToday.length === 1 ? "A task" : `${dueToday.length} tasks`} due today in ${workspace}` : `Overdue tasks in ${workspace}`,
    text: `Hello ${name},\n\n${[
      dueToday.length > 0 ? `Due today:\n\n${dueToday.map((line) => `- ${line}`).join("\n")}` : "",
      overdue.length > 0 ? `Overdue, still open:\n\n${overdue.map((line) => `- ${line}`).join("\n")}` : "",
      more > 0 ? `And ${more} more.` : "",
    ]
      .filter(Boolean)
      .join("\n\n")}\n\nYour tasks, to mark done or move to another day:\n\n${url}\n\nGlassroom`,
  }),
  /** To someone asked to acknowledge documents of the library (a reminder an admin sent): every one still awaiting them. */
  acknowledgementReminder: ({ to, name, workspace, titles, url }: { to: string; name: string; workspace: string; titles: string[]; url: string }): Mail => ({
    to,
    subject: titles.length === 1 ? `Please read and acknowledge: ${titles[0]}` : `${titles.length} documents to read and acknowledge in ${workspace}`,
    text: `Hello ${name},\n\n${workspace} asks you to read ${titles.length === 1 ? "this document" : "these documents"} and confirm that you have:\n\n${titles
      .map((title) => `- ${title}`)
      .join("\n")}\n\nOpen them and acknowledge each one here (sign in first if asked):\n\n${url}\n\nGlassroom`,
  }),
  /** To the admin who asked for a workspace export: the archive is ready to download (signed in) until it expires. */
  workspaceExportReady: ({
    to,
    name,
    workspace,
    size,
    until,
    url,
  }: {
    to: string;
    name: string;
    workspace: string;
    size: string;
    until: string;
    url: string;
  }): Mail => ({
    to,
    subject: `Your export of ${workspace} is ready`,
    text: `Hello ${name},\n\nThe export of ${workspace} you asked for is ready: one zip file (${size}) with every table of the workspace as CSV and JSON, and its recordings and library files.\n\nDownload it from System, signed in as an admin of ${workspace} (the link works for nobody else):\n\n${url}\n\nThe download is available until ${until}; the archive is then deleted from Glassroom. It holds your workspace's personal data: keep it somewhere safe.\n\nGlassroom`,
  }),
  /** To the admin who asked for a workspace export: it could not be built. */
  workspaceExportFailed: ({ to, name, workspace, reason, url }: { to: string; name: string; workspace: string; reason: string; url: string }): Mail => ({
    to,
    subject: `Your export of ${workspace} failed`,
    text: `Hello ${name},\n\nThe export of ${workspace} you asked for could not be built: ${reason}\n\nNothing was kept. You can ask for a new export in System:\n\n${url}\n\nGlassroom`,
  }),
  /** To the operator (OPERATOR_EMAIL): what a visitor sent through a marketing site form, every field as sent. */
  enquiryReceived: ({ to, title, lines, url }: { to: string; title: string; lines: string[]; url: string }): Mail => ({
    to,
    subject: title,
    text: `${title}.\n\n${lines.join("\n\n")}\n\nReply to the sender's email address above. Every message is also kept in the platform inbox (devops accounts):\n\n${url}\n\nGlassroom`,
  }),
};
