import Box from '@mui/material/Box';
import { Prose } from '../../components/prose.tsx';
import { TextLink } from '../../components/text-link.tsx';
import { PageHeader } from '../../components/page-header.tsx';

export function PrivacyPolicyPage() {
  return (
    <Box component="section" aria-labelledby="section-title">
      <PageHeader title="Privacy policy" />
      <Prose>
        <p className="lead">
          This page explains what CARD WEB stores about you, why, for how long, and what you can ask us to do
          with it. In short: we store what the product needs to work, we count page views without cookies or
          third-party trackers, and we never sell your data.
        </p>
        <p>
          CARD WEB is open software that anyone can run. This policy covers the copy you are using now; the
          people who run it (the operator) are responsible for your data and answer the requests described
          below.
        </p>

        <h2 id="what-we-store">What we store</h2>

        <h3>Your account</h3>
        <p>
          When you sign up we store your name, email address and a securely hashed password (never the
          password itself). If you sign in with Google or another provider, that provider tells us your name,
          email address and profile picture, and we store them instead of a password. Your profile adds what
          you choose to fill in: a photo, a short bio, a phone number and a country, plus the counts the
          product keeps for you (people you follow, followers, cards and likes), your rank and whether you
          subscribe to Premium. Signing in sets a cookie that keeps you signed in; it is needed for the site
          to work and is never used for advertising or analytics.
        </p>

        <h3>What you create</h3>
        <p>
          We store the cards you write, with their drafts and version history, and the links, tags, likes,
          follows, chat messages, class progress, study history, uploaded PDFs with your highlights and notes,
          blog posts, workflows and repository digests you create. Public cards and posts can be seen by
          everyone; private ones only by you.
        </p>

        <h3>Page views</h3>
        <p>
          Each time you open a page, the app reports one page view so we can see which parts of CARD WEB are
          used and fix what is not working. A page view holds exactly:
        </p>
        <ul>
          <li>
            the path of the page, for example <code>/blog</code>;
          </li>
          <li>
            the referrer: the previous page within CARD WEB, or, for the first page, the address of the site
            that linked to us, kept without its query string;
          </li>
          <li>the width of your browser window, so we can tell how many people use a phone;</li>
          <li>whether you were signed in (yes or no, never who you are);</li>
          <li>the time it was recorded.</li>
        </ul>
        <p>
          Page views are not linked to your account, your IP address or any identifier, and no cookies are
          used for them. There are no third-party trackers, advertising scripts or social media widgets on
          CARD WEB.
        </p>

        <h3>Support requests</h3>
        <p>
          When you use the <TextLink to="/about/customer-support">customer support form</TextLink> we store
          your name, email address, the topic, your message, the time and the reference number we give you, so
          we can answer and follow up.
        </p>

        <h3>Server logs</h3>
        <p>
          Like any web server, ours writes a line for each request (time, address requested, result and the
          network address it came from) to keep the service secure, to limit abuse and to find faults. The
          network address is also held briefly in memory to limit how many requests one address can make.
        </p>

        <h3>Stored in your browser</h3>
        <p>
          The app keeps two entries in your browser’s local storage. They never leave your device on their
          own.
        </p>
        <dl>
          <dt>
            <code>theme</code>
          </dt>
          <dd>
            Your choice of light or dark theme, stored as <code>light</code> or <code>dark</code>. Without it
            the app follows your system setting.
          </dd>
          <dt>
            <code>user</code>
          </dt>
          <dd>
            While you are signed in: your account id, name, email address and profile picture address, so the
            top bar can show who is signed in. Signing out removes it.
          </dd>
        </dl>

        <h2 id="services">Services that receive data</h2>
        <p>
          Only if the operator switches them on: an email service delivers the messages we send you (account
          confirmation, password reset, replies to support requests); a cloud file store keeps uploaded files;
          and an AI model receives the cards or text you ask the assistant or the blog builder to work with.
          If you sign in with Google or another provider, that provider learns that you signed in to CARD WEB.
          None of these services may use your data for their own purposes.
        </p>

        <h2 id="retention">How long we keep it</h2>
        <ul>
          <li>Account data and what you create: until you delete it or your account.</li>
          <li>Page views: 13 months, then they are deleted automatically.</li>
          <li>Support requests: two years after you send them, then they are deleted automatically.</li>
          <li>
            The record of background work you start (an import, reading a PDF&rsquo;s text): 30 days after it
            ends, then it is deleted automatically.
          </li>
          <li>
            Server logs: they record requests (address, path, status, timing) but never passwords, tokens,
            cookies or what you type into forms. How long they are kept is set by whoever runs this
            installation of CARD WEB.
          </li>
        </ul>

        <h2 id="your-rights">Your choices and rights</h2>
        <p>
          You can see, correct and export your data, and delete cards, posts or your whole account. You can
          also ask us what we hold about you, to correct it, to delete it or to stop using it. Clearing your
          browser’s storage for this site removes the <code>theme</code> and <code>user</code> entries at any
          time.
        </p>

        <h2 id="children">Children</h2>
        <p>
          CARD WEB is not meant for children under 13, or under the minimum age for using online services
          without a parent’s consent in your country. We do not knowingly keep their data.
        </p>

        <h2 id="changes">Changes to this policy</h2>
        <p>
          If we change what we store or why, we update this page before the change takes effect and tell
          signed-in people about important changes in the app.
        </p>

        <h2 id="contact">Contact</h2>
        <p>
          For any privacy question or request, write to us through{' '}
          <TextLink to="/about/customer-support">customer support</TextLink> and choose the topic “Account and
          sign-in”. You will get a reference number, and we answer within 30 days.
        </p>
      </Prose>
    </Box>
  );
}
