import Box from '@mui/material/Box';
import { Prose } from '../../components/prose.tsx';
import { TextLink } from '../../components/text-link.tsx';
import { PageHeader } from '../../components/page-header.tsx';

export function TermsOfServicePage() {
  return (
    <Box component="section" aria-labelledby="section-title">
      <PageHeader title="Terms of service" />
      <Prose>
        <p className="lead">
          These terms are the agreement between you and the operator of this copy of CARD WEB (“we”). By using
          CARD WEB you accept them. They are written to be read; if something is unclear, ask us through{' '}
          <TextLink to="/about/customer-support">customer support</TextLink>.
        </p>

        <h2 id="accounts">1. Your account</h2>
        <ul>
          <li>
            You need an account to create cards, study, chat and join classes. Reading public pages and public
            cards does not need one.
          </li>
          <li>
            You must be at least 13 years old, or the minimum age for using online services without a parent’s
            consent in your country.
          </li>
          <li>
            Give true information, keep your password to yourself and tell us if you think someone else is
            using your account. You are responsible for what happens under your account.
          </li>
          <li>One person, one account. Automated accounts need our written permission.</li>
        </ul>

        <h2 id="your-content">2. Your content</h2>
        <ul>
          <li>
            <strong>You own what you create.</strong> Cards, posts, messages, notes and uploads stay yours.
          </li>
          <li>
            <strong>Private content</strong> is visible only to you. We access it only to run the service, to
            keep it safe, or when the law requires us to.
          </li>
          <li>
            <strong>Public cards and posts.</strong> When you make a card or post public, you give us a
            worldwide, non-exclusive, royalty-free licence to store, copy, display and distribute it as part
            of CARD WEB, including in feeds, search results, recommendations, classes and the blog. You also
            let other people on CARD WEB read it, study it, link to it and remix it into cards of their own
            within CARD WEB; a remix always credits and links the original. This licence ends when you delete
            the content or make it private, except for copies others already made in remixes and for backups,
            which expire on their own.
          </li>
          <li>
            Only publish what you have the right to publish. Quote others fairly and credit your sources.
          </li>
        </ul>

        <h2 id="acceptable-use">3. Acceptable use</h2>
        <p>Do not use CARD WEB to:</p>
        <ul>
          <li>break the law, or infringe anyone’s copyright, trademark, privacy or other rights;</li>
          <li>harass, threaten, impersonate or discriminate against others, or publish hateful content;</li>
          <li>
            post sexual content involving minors, content that promotes violence, or other people’s private
            data;
          </li>
          <li>send spam, run scams or manipulate likes, followers, ranks or recommendations;</li>
          <li>
            upload malware, probe or attack the service, get around its limits, or point its tools (such as
            the repository extractor) at systems you have no right to access;
          </li>
          <li>
            scrape or copy the service in bulk, other than through its documented API within its rate limits.
          </li>
        </ul>
        <p>
          We may remove content that breaks these rules and will tell you why, unless the law or safety
          prevents it. You can ask us to look again through customer support.
        </p>

        <h2 id="premium">4. Premium</h2>
        <ul>
          <li>
            Premium is an optional paid subscription that adds features on top of the free service. What it
            includes and its price are shown before you pay.
          </li>
          <li>
            It is billed in advance for each period and renews automatically until you cancel. You can cancel
            at any time; Premium then stays active until the end of the period you paid for.
          </li>
          <li>
            We tell you at least 30 days before a price change takes effect, and you can cancel before it
            does. Refunds are given where the law requires them, or when we end your Premium for a reason that
            is not your fault.
          </li>
        </ul>

        <h2 id="ending">5. Ending the agreement</h2>
        <ul>
          <li>You can stop using CARD WEB and delete your account at any time.</li>
          <li>
            We may suspend or close an account that seriously or repeatedly breaks these terms, or when the
            law requires it. Unless that would be unlawful or unsafe, we tell you first and give you the
            chance to export your content.
          </li>
          <li>
            If we ever shut down the service, we give at least 60 days’ notice so you can export your content.
          </li>
        </ul>

        <h2 id="disclaimers">6. Disclaimers and liability</h2>
        <ul>
          <li>
            Cards are written by people, and AI-assisted drafts by machines. They can be wrong. Check what
            matters, and do not rely on CARD WEB for medical, legal, financial or safety decisions.
          </li>
          <li>
            We work to keep CARD WEB available and your data safe, but the service is provided “as is”,
            without a promise that it will always be available or free of errors. Keep your own copies of
            content that matters to you.
          </li>
          <li>
            As far as the law allows, we are not liable for indirect or consequential losses, and our total
            liability is limited to the amount you paid us in the 12 months before the claim. Nothing in these
            terms limits rights you have under consumer law that cannot be limited.
          </li>
        </ul>

        <h2 id="changes">7. Changes to these terms</h2>
        <p>
          We may update these terms as the product changes. We tell signed-in people about important changes
          at least 30 days before they take effect; if you keep using CARD WEB after that, the new terms
          apply.
        </p>

        <h2 id="contact">8. Contact</h2>
        <p>
          Questions about these terms go through{' '}
          <TextLink to="/about/customer-support">customer support</TextLink>. How we handle personal data is
          explained in the <TextLink to="/about/privacy-policy">privacy policy</TextLink>.
        </p>
      </Prose>
    </Box>
  );
}
