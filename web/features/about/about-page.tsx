import Box from '@mui/material/Box';
import { Prose } from '../../components/prose.tsx';
import { TextLink } from '../../components/text-link.tsx';
import { PageHeader } from '../../components/page-header.tsx';

export function AboutPage() {
  return (
    <Box component="section" aria-labelledby="section-title">
      <PageHeader title="About CARD WEB" documentTitle="About" />
      <Prose>
        <p className="lead">
          CARD WEB is a place to keep what you learn as small, linked cards, to learn from the cards other
          people share, and to make sure you remember.
        </p>

        <h2>Our mission</h2>
        <p>
          Notes get lost, bookmarks pile up and courses fade from memory. We think knowledge sticks when it is
          cut into single ideas, connected to what you already know, and revisited at the right moment. CARD
          WEB gives every idea its own card, lets you link cards into a web, and helps you come back to them
          before you forget. Sharing is the default: a public card can help everyone who comes after you.
        </p>

        <h2>What it does</h2>
        <ul>
          <li>
            <strong>Build</strong> cards in Markdown with math and code: notes, flashcards, cloze deletions,
            code, papers and links, connected with <code>[[links]]</code>.
          </li>
          <li>
            <strong>Explore</strong> everyone’s public cards through a personal feed, search, tags and a graph
            of links.
          </li>
          <li>
            <strong>Play</strong>: study with a spaced-repetition scheduler and quiz games.
          </li>
          <li>
            <strong>Confer</strong>: chat about cards in real-time channels and direct messages.
          </li>
          <li>
            <strong>Learn</strong> in the classroom, the research centre and the PDF library, and read the
            blog.
          </li>
          <li>
            <strong>Turn sources into cards</strong> with the repository extractor, the code visualiser, the
            workflow builder and the blog builder.
          </li>
        </ul>
        <p>
          The <TextLink to="/document">user guide</TextLink> explains every section and how to use it.
        </p>

        <h2>How it is built</h2>
        <p>
          CARD WEB is one open TypeScript project that anyone can run on their own machine or server. A single
          Node.js process serves the web app and its API, and keeps its data in PostgreSQL: by default a
          database server it starts by itself, with nothing else to install; for larger sites, any PostgreSQL
          you point it at. Several copies can run side by side behind a load balancer.
        </p>
        <p>
          The web app is built with React and Material UI and works with a keyboard and screen readers, in
          light and dark themes. Every request and answer between the app and its server follows one written
          contract, which also produces the API’s public documentation. Optional services, such as email, file
          storage in the cloud, sign-in with Google and an AI model, are switched on by configuration; without
          them, everything keeps working with simpler built-in stand-ins.
        </p>
        <p>
          We count page views without cookies and without third-party trackers, and we never sell data. The{' '}
          <TextLink to="/about/privacy-policy">privacy policy</TextLink> says exactly what is stored.
        </p>

        <h2>The fine print and getting help</h2>
        <ul>
          <li>
            <TextLink to="/about/privacy-policy">Privacy policy</TextLink>: what we store, why and for how
            long.
          </li>
          <li>
            <TextLink to="/about/terms-of-service">Terms of service</TextLink>: the rules for using CARD WEB.
          </li>
          <li>
            <TextLink to="/about/customer-support">Customer support</TextLink>: send us a question or report a
            problem, and get a reference number to follow it up.
          </li>
        </ul>
      </Prose>
    </Box>
  );
}
