import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Prose } from '../../components/prose.tsx';
import { TextLink } from '../../components/text-link.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { describeEntitlements, plans } from '../../../contracts/premium.ts';
import { pdfRules } from '../../../contracts/pdfs.ts';
import { dailyLikePointsCap, rankThresholds, reputationPoints } from '../../../contracts/reputation.ts';
import {
  filterLabels,
  recommendationFilters,
  recommendationLimits,
  recommendationSources,
  sourceLabels,
} from '../../../contracts/recommendations.ts';

interface GuideSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A PDF storage allowance as the plans state it: "250 MB", "10 GB". */
function libraryBytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return megabytes >= 1024 ? `${megabytes / 1024} GB` : `${megabytes} MB`;
}

// The ids are linked from each section page ("How to use … in the user guide"): keep them stable.
const sections: GuideSection[] = [
  {
    id: 'home',
    title: 'Home',
    body: (
      <>
        <p>
          Signed in, the home page is your day. <strong>Due today</strong> counts what your decks hold for
          today and <strong>Start</strong> opens the deck with the most; under it is the card you studied
          last. <strong>Unread conversations</strong> lists the Confer channels and messages with something
          new for you. Below come the newest cards of the people you follow and what is trending this week;
          each part links to where the whole list lives.
        </p>
        <p>
          Before you sign in, the home page shows the web as it is: the cards trending this week, a{' '}
          <strong>featured deck</strong> (the tag with the most public cards, with a few of them) that{' '}
          <strong>Study this deck</strong> turns into your own deck once you have an account, and the
          classroom’s course.
        </p>
      </>
    ),
  },
  {
    id: 'open-now',
    title: 'What is open now',
    body: (
      <>
        <p>
          CARD WEB is opening in stages, and this guide says plainly where each part stands. Open now: reading
          everyone’s public cards, profiles and the classroom’s course without an account; and, once you{' '}
          <TextLink to="/signup">sign up</TextLink>, writing and linking cards in Build, studying them in
          Play, chatting in Confer, following people, your day on the home page and on Learn, and your account
          in <TextLink to="/settings">Settings</TextLink>. The{' '}
          <TextLink to="/about/customer-support">customer support form</TextLink> works end to end and gives
          you a reference number.
        </p>
        <p>
          The research centre, the PDF library, the blog and the tools that turn sources into cards (the
          repository extractor, the code visualiser, the workflow builder, the blog builder and recommendation
          debug) each have a page that says what they are for; they open one by one, and their sections below
          are updated as each one does.
        </p>
      </>
    ),
  },
  {
    id: 'explore',
    title: 'Explore',
    body: (
      <>
        <p>
          Explore (<TextLink to="/exploration">/exploration</TextLink>) shows the public web of cards, and you
          do not need an account to read it. Tabs sit above the cards: <strong>Trending</strong> (cards people
          like and read most, with recent attention counting more than old), <strong>New</strong> (newest
          first) and, once you are signed in, <strong>For you</strong> (cards picked for you, see{' '}
          <Link component={RouterLink} to="#for-you">
            For you
          </Link>{' '}
          below) and <strong>Following</strong> (cards by the people you follow, newest first). Signed in,
          Explore opens on For you once it has learnt enough about you (below); before that, and signed out,
          on Trending. Each card shows its cover, type, title, a few lines of text, its tags, its author and
          how many people liked it. Keep scrolling and more cards load, or press <strong>Load more</strong> at
          the end of the list.
        </p>
        <p>
          Type in the search box to search the titles, text and tags of every public card; the words that
          matched are highlighted in each result, and a small typo in a title is forgiven. Put a phrase in
          quotes to find those words together (<code>&quot;spaced repetition&quot;</code>), write a minus sign
          before a word to leave out cards with it (<code>memory -sleep</code>), and write <code>or</code>{' '}
          between words to find cards with either (<code>recall or precision</code>). Press{' '}
          <strong>Filters</strong> beside the search box to narrow the cards by <strong>Tag</strong> (start
          typing and pick one of the tags in use), <strong>Type</strong> and <strong>Author</strong> (a
          handle, like <code>ada</code>), with or without words; the button shows how many filters are in use
          while they are folded away. The search and the filters are part of the page’s address, so you can
          bookmark or share them; a tag on a card page opens Explore filtered by that tag.{' '}
          <strong>Clear search</strong> takes you back to the tabs.
        </p>
        <p>
          Press <strong>Preview</strong> on a card to read all of it without leaving the list, then{' '}
          <strong>Open card page</strong> to go to its own page. Choose <strong>Graph</strong> instead of{' '}
          <strong>Grid</strong> to see the most linked public cards and the links between them. Use the tag
          and author filters and the <strong>Cards at most</strong> limit (100 unless you choose otherwise) to
          keep it readable; press Tab to move from card to card and Enter to open one, or open the list of the
          same cards under the drawing. On your profile, the <strong>Cards</strong> tab lists the cards you
          published and <strong>Liked</strong> the cards you liked, which only you can see; on someone else’s
          profile you see their cards.
        </p>
        <p>
          Every published card has its own page at <code>/cards/…</code>. It shows the card the way its type
          is read: a flashcard keeps its answer behind <strong>Show answer</strong>, and a cloze card hides
          its gaps until you reveal them one at a time or all at once. Beside it are the author (follow them
          from there), the tags (each opens Explore on that tag) and how many people liked, remixed and viewed
          the card. Press <strong>Like</strong> once to like a card and again to take it back;{' '}
          <strong>Remix</strong> starts your own copy in the builder; <strong>Copy link</strong> copies its
          address; the <strong>…</strong> menu reports it to the administrators. Shared links show the card’s
          title, a short excerpt and its cover in chat apps and on social sites.
        </p>
        <p>
          Under the card, <strong>Backlinks</strong> lists the cards that link to it and, as{' '}
          <strong>Unlinked mentions</strong>, the cards that name its title without linking it yet. The graph
          draws the cards one or two links away: press Tab to move from card to card and Enter to open one, or
          open the list under the drawing. The <strong>Version history</strong> compares any two published
          versions word by word or line by line. On your own card you also get <strong>Edit</strong>, and you
          can restore an old version, which publishes it again as the newest. An unlisted card opens only for
          people who have its link, and a private card only for you.
        </p>
      </>
    ),
  },
  {
    id: 'for-you',
    title: 'For you',
    body: <ForYouGuide />,
  },
  {
    id: 'build',
    title: 'Build',
    body: (
      <>
        <p>
          The card builder (<TextLink to="/build">/build</TextLink>) opens on your drafts: the cards you are
          writing and the published cards with changes not yet published. Press <strong>New card</strong> to
          start one, or open a draft to carry on; the page’s address then names the card, so a bookmark or a
          reload brings you back to it. The editor has the text on one side and a live preview of the finished
          card on the other (on a narrow screen, switch between <strong>Write</strong> and{' '}
          <strong>Preview</strong>). Write in Markdown, as on GitHub: headings, lists, links, images, tables,
          task lists (<code>- [ ]</code>), footnotes (<code>[^1]</code>) and strikethrough. Put math between
          dollar signs, inline as <code>$e^{'{i\\pi}'}+1=0$</code> or on lines of its own between{' '}
          <code>$$</code>; code goes in fenced blocks, and naming the language after the opening{' '}
          <code>```</code> (<code>```python</code>) colours it. Pick the card type first: a note, a flashcard
          (front and back), a cloze card (hide words to recall), code, a paper or a link.
        </p>
        <p>
          To link another card, write its title in double brackets, <code>[[Matrix factorisation]]</code>, or
          give the link your own words with <code>[[Matrix factorisation|MF]]</code>; typing <code>[[</code>{' '}
          suggests titles. Links follow a card when it is renamed. A title no card has yet shows as a dashed
          link that opens the builder to create it. In a cloze card, mark what to hide with{' '}
          <code>{'{{c1::answer}}'}</code>, add a hint with <code>{'{{c1::answer::hint}}'}</code>, and use{' '}
          <code>c2</code>, <code>c3</code>… for answers to recall separately (one study card per number).
        </p>
        <p>
          The toolbar above the text makes text bold or italic, starts a heading or a list, and inserts a
          link, code, math or an image; Ctrl+B, Ctrl+I and Ctrl+K (⌘ on a Mac) do the first, second and link
          from the keyboard, Ctrl+F searches the text, and the arrow keys move along the toolbar. For an
          image, paste it or drop it into the text, or press the image button and choose a file: it is
          uploaded and written into the text as <code>![name](…)</code> where the cursor was. Images are PNG,
          JPEG, WebP or GIF (its first frame), up to 5 MB; they are checked by their content, wide ones are
          scaled down to 1,600 pixels, and what the camera recorded in them (such as where a photo was taken)
          is removed. The cover image works the same way: choose, drop or paste it into its area.
        </p>
        <p>
          Each type adds its own fields: a flashcard its front and back, a code card its language, a paper its
          authors, year, DOI and address, a link card its address. Add up to ten tags so the card shows up in
          the right decks and searches: they are lowercase, spaces become dashes, and a slash nests them (
          <code>ml/recsys</code>); suggestions show the tags already in use. Under{' '}
          <strong>Typed links</strong>, pick another card by its title and say how they relate: related, a
          prerequisite, an example of it, or a contradiction. Choose who can see the card: public (everyone,
          in Explore and search), unlisted (anyone with the link) or private (only you).
        </p>
        <p>
          You never press Save. Every change is kept on your device at once and sent to the server a moment
          after you stop typing; the line at the top says <strong>Saving…</strong>, then{' '}
          <strong>Saved</strong>. Without a connection it says <strong>Offline — saved on this device</strong>{' '}
          and sends your changes when you are back online, so a lost connection, a closed tab or a crash loses
          nothing: open the card again and your text is there. If the same draft was changed in another tab or
          on another device meanwhile, the builder tells you and lets you choose:{' '}
          <strong>Load the latest</strong> (their version) or <strong>Keep mine</strong> (yours, saved over
          theirs). Nothing is replaced without you choosing it.
        </p>
        <p>
          When the card is ready, press <strong>Publish</strong>. It checks the card first: a title, text (or,
          for a flashcard, both sides), the fields its type needs; anything missing is marked beside its field
          and the cursor goes to the first one. Each publish is a new version, numbered at the top of the
          builder and kept in the card’s version history on its page; after the first, the builder marks{' '}
          <strong>Unpublished changes</strong> until you publish them. <strong>Unpublish</strong> takes the
          card out of every list and page for everyone but you. <strong>Delete</strong> removes it, with{' '}
          <strong>Undo</strong> for ten seconds. To build on someone else’s public card, press{' '}
          <strong>Remix</strong> on its page: you get your own draft copy, and the builder and the card show
          whose card it came from.
        </p>
        <p>
          Under <strong>Import and export</strong> on <TextLink to="/build">/build</TextLink>, choose Markdown
          files to turn them into drafts: front matter between <code>---</code> lines may give the{' '}
          <code>title</code>, <code>type</code>, <code>tags</code> and the type’s fields (<code>front</code>,{' '}
          <code>back</code>, <code>authors</code>, <code>year</code>, <code>doi</code>, <code>url</code>,{' '}
          <code>language</code>); a file without it becomes a note titled by its first heading. If any file
          has a problem, nothing is imported and each problem is named. <strong>Export all cards</strong>{' '}
          downloads every card you wrote as Markdown files in a zip, in the same format, and{' '}
          <strong>Download Markdown</strong> on a card page saves one card.
        </p>
      </>
    ),
  },
  {
    id: 'play',
    title: 'Play',
    body: (
      <>
        <p>
          Play (<TextLink to="/play">/play</TextLink>) is for studying with spaced repetition. Sign in and
          press <strong>New deck</strong>. A deck is made from <strong>cards with tags</strong> (everyone’s
          public cards or only yours; a tag also takes its nested tags, so <code>ml</code> takes{' '}
          <code>ml/recsys</code>), a <strong>collection</strong> you fill by hand, or{' '}
          <strong>the cards you liked</strong>. Choose whether flashcards are also asked back to front, and
          how many new items and reviews a day the deck gives you. Each card makes one or more items: a
          flashcard one (two when reversed), a cloze card one per deletion, any other card its title with its
          text as the answer. To put a card into a collection, press <strong>Study this</strong> on its page
          or in Explore’s preview, tick the collections it belongs in, or name a new one. Before your first
          deck, Play also offers the tags most used on public cards: press one and its deck is made at once.
        </p>
        <p>
          Your decks on <TextLink to="/play">/play</TextLink> show what is due today: new items, items you are
          learning, and reviews. <strong>Study now</strong> opens the review: read the question, recall the
          answer, press <strong>Show answer</strong> (or Space or Enter), then grade yourself with{' '}
          <strong>Again</strong>, <strong>Hard</strong>, <strong>Good</strong> or <strong>Easy</strong> (keys
          1 to 4). Each button says when the item would come back. An item you are still learning comes back
          in the same session when its next step is near. <strong>Undo</strong> (or Ctrl+Z, ⌘Z on a Mac) takes
          back your last grade and shows the item again. <strong>Bury card</strong> leaves the card for
          tomorrow; <strong>Suspend card</strong> keeps it out of your reviews until you unsuspend it on the
          deck’s page, where every item is listed with its state and due date. When a grade cannot be saved,
          the review stops and says so, with <strong>Retry</strong>: no grade is ever lost. The session ends
          with a summary: items studied, time, your grades, and when the next review is due.
        </p>
        <p>
          <strong>Cram</strong>, on a deck’s page, goes through the whole deck in random order without
          changing your schedule, for example the night before an exam: Again brings the item back a few items
          later, Good and Easy put it away. <strong>Study settings</strong> on /play set your desired
          retention (how likely you should be to remember an item when it comes due: higher means more
          reviews), the learning and relearning steps (such as <code>1m 10m</code>), the longest interval,
          whether grading one item of a card buries its other items until tomorrow, your time zone (taken from
          your browser on your first visit) and the hour at which a new study day begins.
        </p>
        <p>
          <strong>Games.</strong> A deck’s page offers three practice games, each with a fresh random draw
          from the deck. <strong>Multiple choice</strong> asks up to ten questions with four answers each
          (press 1 to 4 or click); it needs at least four different answers in the deck.{' '}
          <strong>Match</strong> lays out up to six questions and their answers as tiles: select a tile, then
          its partner; right pairs disappear, a wrong pair counts as a miss, and the clock stops when the
          board is clear. <strong>Type the answer</strong> asks ten questions; case, accents and stray
          punctuation do not matter, and a near miss (a typo or two) shows the expected answer with{' '}
          <strong>Count it anyway</strong>. Each game ends with your score or time and the deck’s best, and
          offers <strong>Play again</strong>. Games never change your review schedule.
        </p>
        <p>
          <strong>Statistics</strong> (<TextLink to="/play/stats">/play/stats</TextLink>) cover all your decks
          or the one you choose: today’s reviews, new items and time; your current and longest streak of study
          days; true retention over the last 30 days and all time (the share of mature reviews, of items
          scheduled three weeks or more ahead, that you passed); the time you spent; reviews due in each of
          the next 30 days; and a calendar of the past year in which darker squares mean more reviews. Every
          chart has a table of its numbers under <strong>Show the numbers</strong>. With Premium you also see
          weekly retention curves for each deck and each tag.
        </p>
      </>
    ),
  },
  {
    id: 'confer',
    title: 'Confer',
    body: (
      <>
        <p>
          Confer (<TextLink to="/confer">/confer</TextLink>) is real-time chat for signed-in people. The list
          on the left holds your <strong>channels</strong> (public ones, with a <code>#</code>, and private
          ones, with a lock), your <strong>direct messages</strong> (one other person) and group messages (up
          to eight others), and, where the site has one set up, the <strong>Card assistant</strong>. The most
          recently active come first. A bold name has unread messages: a blue number counts them, a red{' '}
          <code>@</code> number counts the messages that mention you. The Confer button in the top bar shows,
          on every page, how many mentions and unread direct and group messages are waiting for you.
        </p>
        <p>
          Everyone is in <strong>#general</strong> from the day they sign up: it starts with a welcome from
          CARD WEB itself (marked as a system message; it is the product, not a person). When you are new and
          open Confer without choosing a conversation, it opens #general. To see what else people talk about,
          use <strong>Browse channels</strong>.
        </p>
        <p>
          <strong>New message</strong> writes to people: type the start of a name or handle, choose one person
          for a direct message or several for a group message, and press <strong>Start conversation</strong>.
          Writing to the same people again opens the same conversation. <strong>New channel</strong> makes a
          channel with a name (lower-case letters, digits, <code>-</code> and <code>_</code>), a topic and, if
          you switch it on, privacy: a private channel is seen and read only by the people invited to it.{' '}
          <strong>Browse channels</strong> lists the public channels, the busiest first, and finds one by the
          start of its name: <strong>Open</strong> reads it before you join (the composer is replaced by{' '}
          <strong>Join channel</strong>), <strong>Join</strong> adds it to your list.
        </p>
        <p>
          In a conversation, write in the box at the bottom. <strong>Enter</strong> sends and{' '}
          <strong>Shift+Enter</strong> starts a new line. Messages are Markdown, like cards: bold, lists,
          links, code blocks and math. Type <code>@</code> and the start of a name to mention a member: choose
          with the arrow keys and Enter or Tab (Escape closes the list); a message that mentions you is marked
          with an amber bar. Near the limit of 4,000 characters a count appears beside the box. While someone
          types, the line above the box says so (“Ada is typing…”), and a dot beside each person shows whether
          they are online (filled green), away (an amber ring: their tab is hidden or they have been idle five
          minutes) or offline (a grey ring). You see it only for people you share a direct message, a group or
          a private channel with, or who follow you or whom you follow, and never across a block. New messages
          from others are also announced to screen readers.
        </p>
        <p>
          A message you send appears at once with <strong>Sending…</strong>. Without a connection it stays in
          place as <strong>Not sent yet</strong> and is sent by itself when the connection is back, exactly
          once; <strong>Retry now</strong> tries at once. It is kept on this device, so closing the tab loses
          nothing: it goes the next time you open Confer. When Confer refuses a message (you are sending too
          fast, an administrator has paused your messages, the conversation is archived or someone has blocked
          you), the reason appears under the box and your text goes back into it, so nothing is lost. A
          message that was waiting and is then refused is marked <strong>Not sent</strong> with the reason,{' '}
          <strong>Retry</strong> and <strong>Discard</strong>. While the connection is down, a line at the top
          of the page says Confer is reconnecting; it catches up on everything it missed when it is back.
        </p>
        <p>
          Point at a message (or move to it with Tab) to see its actions: <strong>Add a reaction</strong> from
          a fixed set of emoji (press a reaction under a message to add or take back yours),{' '}
          <strong>Reply in thread</strong>, and under <strong>More actions</strong>:{' '}
          <strong>Copy link</strong> (a link that opens the conversation at that message),{' '}
          <strong>Save as card</strong> (a draft card with the message’s text opens in the builder; messages
          from public channels start public drafts, all others private ones), <strong>Edit</strong> and{' '}
          <strong>Delete</strong> for your own messages (Enter saves an edit, Escape cancels; an edited
          message says “(edited)”, a deleted one leaves “This message was deleted.” in its place), and{' '}
          <strong>Report</strong> for someone else’s, with a reason and details for the administrators. A
          thread opens beside the conversation on wide screens and in its place on narrow ones; the first
          message of a thread shows how many replies it has.
        </p>
        <p>
          Paste a link to a card (<code>/cards/…</code> on this site) and the card is shown under the message
          with its title, excerpt and author, a like button with its count, and <strong>Study this</strong> to
          put it in one of your collections. Only public and unlisted published cards are shown this way, at
          most three per message.
        </p>
        <p>
          The history loads as you scroll up, and the view stays where you are. Messages are grouped by day.
          When you open a conversation with unread messages, a red <strong>New messages</strong> line marks
          the first one, and <strong>Jump to first unread</strong> takes you there when it is out of sight;{' '}
          <strong>Jump to latest</strong> takes you back down. A conversation counts as read when its newest
          message is on your screen in a tab you are looking at, and that holds on your other devices too.
        </p>
        <p>
          <strong>Search</strong> in the list (or <strong>Search in this conversation</strong> in a
          conversation’s menu) finds messages in everything you may read, threads included, newest first. You
          can keep to one conversation and to one author by handle. Each result shows where and by whom, with
          the matching words highlighted; choosing it opens the conversation at that message.
        </p>
        <p>
          The menu at the top right of a conversation also lists its <strong>Members</strong> with their
          presence; in a private channel <strong>Invite people</strong> and in a group{' '}
          <strong>Add people</strong>; for a channel’s owner (and administrators){' '}
          <strong>Channel settings</strong> to rename it, change its topic, or archive it (everyone can still
          read an archived channel, nobody can write in it) and restore it; and <strong>Leave</strong> for
          channels and groups. On a phone, the list and the conversation are separate views: the arrow at the
          top left of a conversation goes back to the list.
        </p>
        <p>
          Where the site has an AI assistant set up, the list offers the <strong>Card assistant</strong>: ask
          it a question and its answer appears as it is written, then stays as a message with links to the
          cards it used. It answers from your own cards and the public ones, and it remembers the last few
          messages, so you can ask a follow-up such as “and why does it matter?”. How many questions you can
          ask a day depends on your plan. Its answers show no pictures and no links to other sites: an address
          elsewhere is shown as text, so a public card cannot make it send your cards anywhere.
        </p>
        <p>
          A link to a conversation is <code>/confer?c=</code> followed by its id; <code>&amp;m=</code> and a
          message id open it at that message; a link to a reply in a thread opens that thread beside the
          conversation, with the reply marked.
        </p>
      </>
    ),
  },
  {
    id: 'classroom',
    title: 'Classroom',
    body: (
      <>
        <p>
          The classroom (<TextLink to="/classroom">/classroom</TextLink>) lists courses. Open a course to see
          its lessons and what it expects you to know first, then enrol to keep your place. Each lesson mixes
          text, cards and a short quiz; your progress shows on the course page and on your Learn dashboard.
          The first course is{' '}
          <TextLink to="/classroom/classes/modern-recommendation-systems">
            Modern recommendation systems
          </TextLink>
          . A lesson opens once the lessons it builds on are done. Its quiz tells you after each answer
          whether it was right, why, and the worked answer; after a wrong answer, try another version of the
          question. A lesson is done when every question is answered right (one without a quiz, when you mark
          it done). The lesson’s cards are in your course deck in Play, to review, and the course page shows
          how much of the course you still remember. When every lesson is done you get a certificate: its page
          can be shared and printed, and anyone can open it to check it.
        </p>
        <p>
          Teaching: once an administrator gives you the instructor role,{' '}
          <TextLink to="/classroom/teaching">Teaching</TextLink> starts a course and lists yours. The editor
          saves the whole course as a draft; Publish makes it the next version learners see. The class view
          shows who is enrolled, where people stop, and the questions most get wrong.
        </p>
      </>
    ),
  },
  {
    id: 'research',
    title: 'Research',
    body: (
      <>
        <p>
          The research centre (<TextLink to="/research_center">/research_center</TextLink>) gathers papers by
          topic. Each topic has its editor’s introduction, reading lists that say why to read each paper, and
          every paper of the topic to search and filter by year, venue, tag, PDF and code. Search puts papers
          with your words in their title or tags first, then those that only mention them, the most read first
          (or sort by year). The first topic is{' '}
          <TextLink to="/research_center/topics/recommender-systems">Recommender systems</TextLink>. A paper’s
          page shows its summary, the notes and cards that cite it, its references, what cites it and related
          papers; <strong>Add to my queue</strong> keeps it, <strong>Cite</strong> copies it in APA, IEEE,
          Chicago or Harvard.
        </p>
        <p>
          Research (<TextLink to="/research">/research</TextLink>) is yours: the reading queue (to read,
          reading, read, with a progress bar from the PDF when one is attached), a private note on each paper
          that <strong>Publish as card</strong> shares, and projects: a question, its papers with your
          annotations, a literature map of their references (with papers several of them cite that you have
          not added yet) and <strong>Ask the library</strong>, which answers from the project’s papers, notes
          and PDFs and cites paper and page. <strong>Add paper</strong> looks a DOI or arXiv id up, or takes
          the fields by hand; <strong>Import</strong> reads BibTeX, RIS or CSL-JSON and shows what is new,
          already here or unreadable before anything is added. Write <code>[@citationKey]</code> in any card
          or note to cite a paper: it becomes a number, and a reference list follows the text.
        </p>
      </>
    ),
  },
  {
    id: 'learn',
    title: 'Learn and the PDF library',
    body: (
      <p>
        Learn (<TextLink to="/learn">/learn</TextLink>) is your dashboard: what is due today in each of your
        decks with <strong>Study now</strong>, beside it your <strong>Recent PDFs</strong> with{' '}
        <strong>Continue at p. N</strong> where you stopped reading, and today’s reviews, new items, study
        time, streak and the cards you graded last. The PDF library (
        <TextLink to="/learn/pdf-library">/learn/pdf-library</TextLink>) keeps the papers, books and notes you
        upload; choose a title to read it. Choose <strong>Upload PDFs</strong> or drop files anywhere on the
        page, several at once; each shows its progress, then whether it was added, is already in your library
        (the same file uploaded twice is kept once) or was refused, and why: not a PDF, empty, locked with a
        password, damaged, over {pdfRules.maxBytes / (1024 * 1024)} MB, or more than your storage holds. The{' '}
        <strong>Storage</strong> meter shows how much you use of the{' '}
        {libraryBytes(plans.free.pdfLibraryBytes)} a free account keeps (
        {libraryBytes(plans.premium.pdfLibraryBytes)} with premium). The title, authors and year are read from
        each PDF, and a DOI or arXiv id from its text; the pencil button beside a PDF changes them and sets
        its tags, collections and status (to read, reading, read); there you also attach one of your paper
        cards to the PDF or make a paper card from its details, and that card’s page then links to the PDF (a
        paper card can attach a PDF from its own page too). Sort the list and filter it by tag, collection or
        status; the address keeps your choice, so a reload or Back finds it again.{' '}
        <strong>Search your PDFs</strong> finds words in the text of all of them and lists each page that
        holds them with the words marked: choose one to open the paper at that page. A new PDF is searchable
        once its text is indexed; a scan has no text, so search cannot find it. <strong>Collections</strong>{' '}
        makes, renames and deletes collections. To cite, tick some PDFs (or pick a collection, or the whole
        library) under <strong>Export</strong> and download the references as BibTeX, RIS or CSL-JSON.
        Deleting a PDF removes its file, text and highlights; cards you made from it keep their text and
        citation.
      </p>
    ),
  },
  {
    id: 'pdf-library',
    title: 'Reading a PDF',
    body: (
      <p>
        Opening a PDF from the library shows it in the reader, at the page you last read (a link with{' '}
        <code>?page=</code> opens another page). Thumbnails of the pages and the document’s outline are on the
        left, the page number box, zoom, <strong>Fit width</strong>, <strong>Fit page</strong> and find in
        document above the pages. With the focus on the pages, Page Up and Page Down or ← and → turn a page,
        Home and End go to the first and last page, and Ctrl+F (⌘F on a Mac) finds words in the whole
        document. Select text and choose one of five colours to highlight it, or <strong>Add a note</strong>{' '}
        first; your highlights, listed beside the pages with their notes, keep their place at any zoom, and
        choosing one goes back to it. <strong>Make card</strong> on a highlight turns it into a card with the
        quote, your note, the paper’s citation and a link back to that place; the first time, you choose
        whether such cards start as drafts or are published, and later cards follow that choice until you
        press <strong>Change</strong> under the highlights. The cards made from a PDF are listed beside it. On
        a phone, the highlights, cards, pages and outline open from the <strong>Highlights</strong> button. A
        scanned PDF opens too, but its words cannot be searched or highlighted.
      </p>
    ),
  },
  {
    id: 'blog',
    title: 'Blog and the blog builder',
    body: (
      <>
        <p>
          The blog (<TextLink to="/blog">/blog</TextLink>) publishes posts by people on CARD WEB. Search it,
          or filter by tag, author or series; featured posts come first. A post shows its contents beside the
          text (under <strong>Contents</strong> on a phone), the other posts of its series, the author with{' '}
          <strong>Follow</strong>, likes, share links and comments: reply under any comment, and report one
          that breaks the rules. Follow the blog, a tag or an author in any feed reader with the RSS and Atom
          links at the foot of the list.
        </p>
        <p>
          To write, choose <strong>Write a post</strong> (<TextLink to="/blog/write">/blog/write</TextLink>
          ). The editor saves as you type and keeps anything not yet saved in your browser, so closing the tab
          loses nothing; <strong>History</strong> shows earlier versions with what changed and restores one.
          Set the cover, tags, series, address and the description search engines show under{' '}
          <strong>Post details</strong>. <strong>Publish</strong> publishes now or at a time you choose;
          editing a published post changes nothing readers see until you publish again.
        </p>
        <p>
          The blog builder (<TextLink to="/blog_builder">/blog_builder</TextLink>) writes a first draft from
          your cards. Find cards by search, tag, deck, class, research project or pasted links and tick the
          ones to use, then <strong>Start</strong>. <strong>Make outline</strong> proposes a title and
          sections (change anything), <strong>Write draft</strong> writes each section with every sentence
          citing its cards as footnotes (a sentence with no source is marked), and <strong>Revise</strong>{' '}
          follows an instruction such as “Shorter” for the whole post or one section, keeping each version.
          With an AI model set up on the site it writes in its own words and counts against your daily model
          requests; otherwise, or with <strong>Use the composer</strong>, it arranges your cards’ own
          sentences. <strong>Open in editor</strong> makes a draft post; only you publish it.
        </p>
      </>
    ),
  },
  {
    id: 'repository-extractor',
    title: 'Repository extractor',
    body: (
      <p>
        The repository extractor (<TextLink to="/github_extractor">/github_extractor</TextLink>) turns a code
        repository into one document you can read or paste into a language model. Give a git address (with a
        branch, tag, commit or folder if you want only part of it, and a token for a private repository, which
        is used for that run only) or upload a .zip or .tar.gz. Preview first: every file with an estimate of
        its tokens, what is left out and why, and suggestions of what to leave out; tick a folder or file to
        leave it out. Then extract: a summary with exact token counts, the tree, the README and key files
        first, in Markdown, XML, JSON or plain text, whole or in parts at a token limit, with secrets
        redacted. Copy or download each part. Make cards publishes a card for the repository and one for each
        module (what it is for, its public exports, and links to the modules it uses and that use it), each
        with a link to the code visualiser. To see what changed between two versions, give another branch, tag
        or commit in Compare with: the document then holds only the files changed since it, as they are now,
        each followed by its diff, and the page lists what was added, modified and deleted. Your past
        extractions stay listed, and a rerun of the same commit comes from the cache at once.
      </p>
    ),
  },
  {
    id: 'code-visualiser',
    title: 'Code visualiser',
    body: (
      <p>
        The code visualiser (<TextLink to="/code_visualizer">/code_visualizer</TextLink>) shows code as
        pictures. Paste code or choose a file from an extracted repository, then switch between the outline,
        the syntax tree, the call graph, the module dependency graph and the control flow. In the syntax tree,
        selecting a node highlights its code and selecting code highlights its node. Zoom and pan the graphs,
        and export any view as an image.
      </p>
    ),
  },
  {
    id: 'workflow-builder',
    title: 'Workflow builder',
    body: (
      <p>
        The workflow builder (<TextLink to="/workflow">/workflow</TextLink>) lets you draw a pipeline. Drag in
        a source (a card search, a PDF or a repository), add steps that extract, split, filter, fill a
        template or summarise, and finish with an output (new cards or a blog draft). Connect steps by
        dragging from one port to another; only matching types connect. Press Run to watch each step’s status,
        open a step to read its log, and retry or cancel a run. Past runs stay in the history.
      </p>
    ),
  },
  {
    id: 'recommendation-debug',
    title: 'Recommendation debug',
    body: <RecommendationDebugGuide />,
  },
  {
    id: 'profiles',
    title: 'Profiles and accounts',
    body: (
      <>
        <p>
          <TextLink to="/signup">Sign up</TextLink> with an email address and a password, or with Google or
          another provider, and <TextLink to="/login">sign in</TextLink> the same way. When you are signed in,
          your avatar appears at the right of the top bar: select it to see your name and email, to open
          Settings and to sign out. Signing out takes you back to the home page, in every tab you have open.
        </p>
        <p>
          After signing up we email you a link to confirm your address. It asks you to choose your password
          again (the same one is fine) and signs out every other device: until the address is confirmed, we
          cannot tell that whoever chose the first password owns it. Forgot your password? Choose “Forgot
          password?” on the sign-in page and we email you a link to choose a new one; or choose “Email me a
          sign-in link” to sign in without a password. A sign-in link asks “Sign in as …?” before it signs you
          in, and then for your authenticator code if you use two-step verification. Each link works once and
          for a limited time; if one has expired, the page it opens lets you ask for a new one. Google and
          other providers open in a small window; if your browser blocks it, you can continue in the same tab
          instead.
        </p>
        <p>
          A server run for development (<code>npm run dev</code>) sends no mail: it keeps every message in the
          outbox at <TextLink to="/dev/outbox">/dev/outbox</TextLink>. A production server (
          <code>npm start</code>) has no outbox; without a mail server set up, it writes each message’s links
          to its log, and whoever runs it passes them on.
        </p>
        <p>
          In <TextLink to="/settings">Settings</TextLink> you can change your password and your email address
          (we confirm the new address first and tell the old one, which can undo the change), turn on two-step
          verification with an authenticator app (keep the backup codes somewhere safe: each works once), link
          or unlink Google and other providers, see where you are signed in and sign out everywhere, and
          delete your account. For changes like these we may ask you to confirm your password first.
        </p>
        <p>
          Your <TextLink to="/profile">profile</TextLink> shows your name, photo, bio, rank and the number of
          people you follow, your followers, your cards and their likes; Premium subscribers get a badge.
          Other people can open your public profile and follow you.
        </p>
        <p>
          To add a photo, open your profile and choose “Change photo”. A photo must be a PNG, JPEG or WebP
          image of at most 5 MB; anything else is refused, whatever the file is called. We turn it the right
          way up, crop it to a square from the centre and keep only that small copy, without the camera
          details or location a photo file can carry; the file you chose is not kept. “Remove photo” brings
          back your initials.
        </p>
        <p>
          Under <strong>Privacy</strong> on your profile you can hide your follower and following counts:
          others then see “Hidden” and cannot open the lists. On someone else’s profile, the{' '}
          <strong>…</strong> button lets you <strong>block</strong> them (they can no longer follow or message
          you, you stop seeing their cards, and any follows between you end; they are not told) or{' '}
          <strong>report</strong> them to the administrators. You can unblock people from the same menu or
          from Settings.
        </p>
      </>
    ),
  },
  {
    id: 'ranks',
    title: 'Reputation and ranks',
    body: <RanksGuide />,
  },
  {
    id: 'premium',
    title: 'Premium',
    body: <PremiumGuide />,
  },
  {
    id: 'themes-and-accessibility',
    title: 'Themes and accessibility',
    body: (
      <>
        <p>
          The sun and moon button in the top bar switches between the light and dark themes. Your choice is
          remembered on this device; until you choose, CARD WEB follows your system setting and changes with
          it.
        </p>
        <p>
          Everything works with a keyboard. Press Tab once on any page to reveal “Skip to content”, which
          jumps past the top bar. Headings and landmarks (banner, navigation, main content) help screen
          readers move around, and colours meet WCAG AA contrast in both themes. On narrower screens the
          section links (Classroom, Research, Blog, About) move into the menu button at the top left, and
          below 600 pixels the Explore, Build, Play and Confer buttons move to a bar at the bottom of the
          screen.
        </p>
      </>
    ),
  },
  {
    id: 'support',
    title: 'Support',
    body: (
      <p>
        If something is unclear or broken, use the{' '}
        <TextLink to="/about/customer-support">customer support form</TextLink>. Choose the topic that fits
        best and describe what happened; you get a reference number straight away and an answer by email. The{' '}
        <TextLink to="/about/privacy-policy">privacy policy</TextLink> and{' '}
        <TextLink to="/about/terms-of-service">terms of service</TextLink> explain how your data is handled
        and the rules of the site.
      </p>
    ),
  },
];

export function DocumentPage() {
  return (
    <Box component="section" aria-labelledby="section-title">
      <PageHeader title="User guide" />
      <Prose>
        <p className="lead">
          How to use every part of CARD WEB, section by section, with a link to each section’s own page. The
          help button (?) beside a page’s title opens that page’s section here.
        </p>

        <Box
          component="nav"
          aria-labelledby="guide-contents"
          sx={{ mb: 5, p: 2.5, borderRadius: 2, border: 1, borderColor: 'divider', '& h2': { mt: 0 } }}
        >
          <h2 id="guide-contents">Contents</h2>
          <Box component="ol" sx={{ columns: { sm: 2 }, columnGap: 4, mb: '0 !important' }}>
            {sections.map((section) => (
              <li key={section.id}>
                <Link component={RouterLink} to={`#${section.id}`}>
                  {section.title}
                </Link>
              </li>
            ))}
          </Box>
        </Box>

        {sections.map((section) => (
          <Box component="section" key={section.id} aria-labelledby={section.id}>
            <h2 id={section.id}>{section.title}</h2>
            {section.body}
          </Box>
        ))}
      </Prose>
    </Box>
  );
}

const number = new Intl.NumberFormat('en');
const signed = new Intl.NumberFormat('en', { signDisplay: 'exceptZero' });

/** The rank table and the points, printed from the same constants the server uses. */
function RanksGuide() {
  return (
    <>
      <p>
        Your rank shows how much others value your cards. It comes from your reputation, a running total of
        points for things other people do with your work:
      </p>
      <ul>
        <li>one of your cards is liked: {signed.format(reputationPoints['card-liked'])};</li>
        <li>a like is taken back: {signed.format(reputationPoints['like-removed'])};</li>
        <li>one of your cards is remixed: {signed.format(reputationPoints['card-remixed'])};</li>
        <li>
          someone follows you for the first time: {signed.format(reputationPoints['new-follower'])} (following
          again later earns nothing more);
        </li>
        <li>an administrator may take points away for breaking the rules, and says why.</li>
      </ul>
      <p>
        Likes earn at most {number.format(dailyLikePointsCap)} points a day, so a burst of likes cannot push
        anyone up the ranks overnight. Your reputation is always the sum of its events, so it can be checked
        and recomputed at any time; your profile lists your latest events.
      </p>
      <table>
        <caption>Ranks and the reputation each needs</caption>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Reputation</th>
          </tr>
        </thead>
        <tbody>
          {rankThresholds.map((threshold, index) => {
            const next = rankThresholds[index + 1];
            const range = !Number.isFinite(threshold.from)
              ? `below ${number.format(next?.from ?? 0)}`
              : next
                ? `${number.format(threshold.from)} to ${number.format(next.from - 1)}`
                : `${number.format(threshold.from)} and more`;
            return (
              <tr key={threshold.rank}>
                <td>{threshold.rank}</td>
                <td>{range}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p>Everyone starts at rank B. Ranks never lock anything: every feature is open at every rank.</p>
    </>
  );
}

/** For you, with the sources and limits printed from the recommender's own contract. */
function ForYouGuide() {
  return (
    <>
      <p>
        <strong>For you</strong> is the first tab of <TextLink to="/exploration">Explore</TextLink> once you
        are signed in: public cards chosen for you from what you like, study, write and follow,{' '}
        {recommendationLimits.pageSize} at a time, with at most {recommendationLimits.perAuthorPerPage} cards
        by one author on a page so no one fills it. Scrolling down never shows a card twice. The selection is
        made again as soon as you like a card, follow or block someone, mark something Not interested or
        change your topics; otherwise, coming back within a few minutes shows the same selection while a fresh
        one is prepared for your next visit (at the latest after half an hour). Above each card one line says
        why it is there: “Because you liked …”, “From @…, whom you follow”, “Popular in #…”. Each reason comes
        from one of these sources:
      </p>
      <ul>
        {recommendationSources.map((source) => (
          <li key={source}>{sourceLabels[source]}</li>
        ))}
      </ul>
      <p>
        <strong>A new account.</strong> Until you have liked, studied or written{' '}
        {recommendationLimits.signalsNeeded} cards or followed people (any mix of the four), For you does not
        know you yet: it says so above the cards, says how many more it needs, and shows what is popular. The
        first time, it also offers popular topics to start from: pick up to {recommendationLimits.pickedTags}{' '}
        and press <strong>Show my feed</strong>, and the popular cards of those topics come first. You can
        change the topics later in <TextLink to="/settings">Settings</TextLink>, under{' '}
        <strong>Your feed</strong>.
      </p>
      <p>
        <strong>Not interested.</strong> The crossed-out eye button on a card opens a menu:{' '}
        <strong>Not interested in this card</strong>, <strong>Less from @…</strong> (its author),{' '}
        <strong>Less about #…</strong> (one of its tags) or <strong>Mute @…</strong>. The card, and with an
        author or a tag the other cards they cover, leave the list at once; press <strong>Undo</strong> on the
        message that appears to bring them back. “Less” makes such cards rarer; muting keeps an author out of
        For you altogether, while their cards stay in the other tabs and in search. Settings lists everything
        you marked and everyone you muted, each with a button to take it back.
      </p>
      <p>
        <strong>The balance.</strong> In Settings, under <strong>Your feed</strong>, the slider{' '}
        <strong>More from people I follow ↔ More new topics</strong> moves For you between the people you
        follow and subjects new to you, in five steps; it is saved as soon as you let go (or press an arrow
        key). The next visit to For you follows it.
      </p>
      <p>
        To help the recommender learn, For you notes which cards you were shown (a card counts once it is half
        on the screen, once per visit); these notes are kept for {recommendationLimits.impressionDays} days.{' '}
        <TextLink to="/recommendation_debug">Recommendation debug</TextLink> shows the whole reasoning behind
        your feed.
      </p>
    </>
  );
}

/** What premium adds, printed from the entitlement table the server enforces. */
function PremiumGuide() {
  return (
    <>
      <p>
        Premium is an optional subscription that raises a few limits. It never locks the heart of CARD WEB:
        studying your cards, building and publishing them, sharing, following people and chatting are free for
        everyone.
      </p>
      <p>Premium includes:</p>
      <ul>
        {describeEntitlements(plans.premium).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p>On the free plan you have:</p>
      <ul>
        {describeEntitlements(plans.free).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p>
        To get premium, open <TextLink to="/settings">Settings</TextLink> and choose{' '}
        <strong>Upgrade to premium</strong>: you pay on Stripe’s secure checkout page and come back to
        Settings. On a server that does not take payments, an administrator grants premium instead. While it
        lasts, your profile shows a <strong>Premium Subscriber</strong> badge; the badge goes away when
        premium ends. To cancel or change your card, choose <strong>Manage your subscription</strong> in
        Settings; premium then lasts until the end of the period you paid for.
      </p>
    </>
  );
}

/** The debug page, part by part, with the sources and filters printed from the recommender's own contract. */
function RecommendationDebugGuide() {
  return (
    <>
      <p>
        Recommendation debug (<TextLink to="/recommendation_debug">/recommendation_debug</TextLink>) explains
        your <strong>For you</strong> feed on Explore. The recommender works in stages: its sources find
        candidate cards, each candidate gets a score from its features and their weights, filters take some
        out, and the rest fill the feed in order of score. The line under the title says whose feed it is,
        whether it is <strong>personal</strong> yet or still a <strong>cold start</strong> (until you have{' '}
        {recommendationLimits.signalsNeeded} signals — likes, studied cards, cards you wrote, people you
        follow — the feed is trending cards of the tags you picked), the version of the weights, and your
        tilt, from −1 (more from people you follow) to 1 (more new topics).
      </p>
      <p>
        <strong>Feed</strong> lists the cards in their order, with their rank before and after the filters,
        the reason shown to you, the sources that found them with each source’s score, and the final score.
        Open a row to see its features: each feature’s value (a number the recommender measured), its weight,
        and its contribution (value × weight; the score is their sum). The largest contributions, either way,
        come first; the bar shows each one’s size and sign. The sources are:
      </p>
      <ul>
        {recommendationSources.map((source) => (
          <li key={source}>
            <strong>{source}</strong>: {sourceLabels[source]}.
          </li>
        ))}
      </ul>
      <p>
        <strong>Removed by filters</strong> lists the candidates that were ranked but then taken out, with the
        filter, the rank they had and their score, and how many each filter removed. The filters:
      </p>
      <ul>
        {recommendationFilters.map((filter) => (
          <li key={filter}>{filterLabels[filter]}.</li>
        ))}
      </ul>
      <p>
        <strong>Sources</strong> counts, for each source, the candidates it found and how many of them are in
        the feed, as a chart and as a table. The neighbours source reads a table of cards liked or studied by
        the same people, rebuilt from time to time; the page says when it was last rebuilt, how long that
        took, and how many pairs of cards and how many cards it holds.
      </p>
      <p>
        <strong>Why not this card?</strong> takes a link to a card (<code>/cards/…</code>) or its id and says
        where it dropped out: whether it was found at all, whether it is listed (private and unlisted cards,
        and cards of people you blocked, never are), whether a source made it a candidate, whether it passed
        the filters, and whether it ranked high enough to be in the feed, with the sources, filter, rank and
        score that decided.
      </p>
      <p>
        <strong>Offline evaluation</strong> measures the recommender on past data: for each person one
        interaction is held back, each method recommends its top <em>k</em> cards from the rest, and the
        metrics score how well it found the held-back card. The methods are each source alone, the blend (the
        real feed’s score), the <strong>popularity</strong> baseline (the cards most people interacted with,
        the same for everyone) and a <strong>random</strong> baseline. The table shows the latest run with the
        best value of each column in bold, a sentence compares the blend with popularity, and once there are
        two runs or more a chart follows both over time. <strong>Run evaluation now</strong> asks for a run;
        the page updates by itself when it is done. The metrics, each averaged over the people evaluated:
      </p>
      <ul>
        <li>
          <strong>Recall@k</strong>: the share of held-back cards found in the top <em>k</em>.
        </li>
        <li>
          <strong>NDCG@k</strong> (normalised discounted cumulative gain): like recall, but a hit counts less
          the lower it is ranked, 1 / log₂(rank + 1), so finding the card first scores 1.
        </li>
        <li>
          <strong>MAP@k</strong> (mean average precision): the precision at each hit, averaged; with one
          held-back card it is 1 / rank of that card, or 0 when it is not in the top <em>k</em>.
        </li>
        <li>
          <strong>Coverage</strong>: the share of all the cards that could be recommended which appear in at
          least one person’s top <em>k</em>. Popularity shows everyone the same cards, so its coverage is low.
        </li>
        <li>
          <strong>Novelty</strong>, in bits: how unexpected the recommended cards are, −log₂ of the share of
          people who interacted with each (smoothed, so a card nobody has seen stays finite); a card everyone
          knows scores near 0, a rarely seen one more.
        </li>
        <li>
          <strong>Diversity</strong> (intra-list diversity): how different the cards of one list are from each
          other, the mean Jaccard distance between the tags of every pair of cards — 1 minus the tags they
          share over the tags either has. 0 means every card has the same tags, 1 that no two share one.
        </li>
      </ul>
      <p>
        <strong>Online</strong> shows what people did with the cards the feed showed: for each source and each
        position in the feed, the impressions, and the click rate and like rate (clicks or likes per
        impression).
      </p>
      <p>
        Administrators can <strong>view as</strong> someone else by their handle, to answer “why does this
        person see that?”; the handle goes in the address (<code>?as=</code>), and every such view is written
        to the audit log. The page is also the lab of the{' '}
        <TextLink to="/classroom/classes/modern-recommendation-systems">
          Modern recommendation systems
        </TextLink>{' '}
        course.
      </p>
    </>
  );
}
