import type { Mail } from '../../lib/mail/mailer.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function compose(
  to: string,
  subject: string,
  lines: string[],
  link: { label: string; url: string },
  after: string[],
): Mail {
  const text = [...lines, '', `${link.label}: ${link.url}`, '', ...after, '', '— CARD WEB'].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    ...after.map((line) => `<p style="color:#555">${escapeHtml(line)}</p>`),
    '<p>— CARD WEB</p>',
  ].join('\n');
  return { to, subject, text, html, links: [link.url] };
}

/** The messages the identity flows send; each carries one action link. */
export const mailTemplates = {
  verifyEmail: (to: string, name: string, url: string) =>
    compose(
      to,
      'Verify your email for CARD WEB',
      [
        `Hello ${name},`,
        'Please confirm that this is your email address so we can reach you about your account.',
      ],
      { label: 'Verify my email', url },
      ['The link works for 24 hours. If you did not create a CARD WEB account, ignore this message.'],
    ),
  resetPassword: (to: string, name: string, url: string) =>
    compose(
      to,
      'Reset your CARD WEB password',
      [
        `Hello ${name},`,
        'Someone asked to reset the password of your CARD WEB account. Choose a new one here:',
      ],
      { label: 'Choose a new password', url },
      [
        'The link works for one hour and only once. If it was not you, ignore this message: your password stays as it is.',
      ],
    ),
  verifyAndChangeEmail: (to: string, name: string, url: string) =>
    compose(
      to,
      'Confirm your new email for CARD WEB',
      [`Hello ${name},`, 'You asked to sign in to CARD WEB with this address from now on. Confirm it here:'],
      { label: 'Use this email address', url },
      ['The link works for 24 hours. Until you confirm, your old address stays in use.'],
    ),
  recoverEmail: (to: string, name: string, newEmail: string, url: string) =>
    compose(
      to,
      'Your CARD WEB email address was changed',
      [
        `Hello ${name},`,
        `The sign-in email of your CARD WEB account was changed to ${newEmail}.`,
        'If you did not do this, undo it here; you will be signed out everywhere:',
      ],
      { label: 'Undo the change', url },
      ['The link works for 7 days. After undoing, change your password too.'],
    ),
  secondFactorAdded: (to: string, name: string, url: string) =>
    compose(
      to,
      'Two-step verification was turned on for CARD WEB',
      [
        `Hello ${name},`,
        'An authenticator app was added to your CARD WEB account. If this was not you, remove it here:',
      ],
      { label: 'Remove two-step verification', url },
      ['The link works for 7 days.'],
    ),
  signIn: (to: string, url: string) =>
    compose(
      to,
      'Your CARD WEB sign-in link',
      ['Here is the link you asked for to sign in to CARD WEB.'],
      { label: 'Sign in to CARD WEB', url },
      ['The link works for 15 minutes and only once. If you did not ask for it, ignore this message.'],
    ),
};
