import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { conferLimits } from '../contracts/confer.ts';
import { embeddedDatabaseUrl } from './cards.ts';
import type { Figure } from './lib/report.ts';
import type { RunningServer } from './lib/server.ts';

type Log = (line: string) => void;

/** People in each channel; every person is in exactly one. */
const CHANNEL_SIZE = 20;
/** Requests in flight while setting up (sign-ups hash a password each: more only queue). */
const SETUP_CONCURRENCY = 8;
/** WebSockets opening at once. */
const CONNECT_CONCURRENCY = 50;
const READY_WITHIN_MS = 30_000;
const REQUEST_WITHIN_MS = 30_000;
/** How long the deliveries of a phase may take to arrive after its last send was answered. */
const DRAIN_WITHIN_MS = 30_000;
/** After the last expected delivery, how long to keep listening for duplicates. */
const DUPLICATE_GRACE_MS = 300;
/** The moderate total rate of the latency and two-process phases: one message a second in each channel. */
const STEADY_RATE_PER_CHANNEL = 1;
const WARM_UP_SECONDS = 3;
/** The rates tried, in messages per second over all channels, until the p50 doubles. */
const STEP_RATES = [25, 50, 100, 200, 400, 800];
/** Extra steps between the last rate that held and the first that did not. */
const REFINE_STEPS = 2;

/** The bench's own event loop is sampled this often: a timer late beyond it means the bench was busy. */
const LOOP_RESOLUTION_MS = 1;

const CLIENT_ID_KEY = Buffer.from('"clientId":"');
const MESSAGE_PREFIX = Buffer.from('{"type":"message"');
const UUID_CHARS = 36;

/** The scenario's size and durations: the issue's figures by default, smaller for development. */
export function conferSettings(env: NodeJS.ProcessEnv = process.env) {
  const number = (name: string, fallback: number, min: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number ≥ ${min}`);
    return value;
  };
  const clients = number('CONFER_CLIENTS', 1000, CHANNEL_SIZE * 2);
  if (clients % CHANNEL_SIZE !== 0) throw new Error(`CONFER_CLIENTS must be a multiple of ${CHANNEL_SIZE}`);
  const channels = clients / CHANNEL_SIZE;
  // Senders take turns, so each sends every `clients / rate` seconds; the per-person limit allows one a
  // second on average. Rates are kept under 80 % of that so the window is never reached.
  const perPersonPerSecond = conferLimits.messagesPerWindow / conferLimits.messageWindowSeconds;
  const maxRate = Math.floor(0.8 * clients * perPersonPerSecond);
  return {
    clients,
    channels,
    steadyRate: channels * STEADY_RATE_PER_CHANNEL,
    steadySeconds: number('CONFER_SECONDS', 20, 1),
    stepSeconds: number('CONFER_STEP_SECONDS', 5, 1),
    stepRates: STEP_RATES.filter((rate) => rate <= maxRate),
    maxRate,
  };
}
export type ConferSettings = ReturnType<typeof conferSettings>;

type Person = { index: number; key: string; cookie: string; address: string; channel: number };

type Target = { baseUrl: URL; origin: string; agent: http.Agent };

type Client = { person: Person; server: 0 | 1; socket: WebSocket; closed: Promise<number> };

/** What one phase sent and what its clients received, by the server each client is connected to. */
type Phase = {
  name: string;
  rate: number;
  attempted: number;
  created: number;
  failures: number;
  failureSamples: string[];
  httpMs: number[];
  expected: [number, number];
  received: [number, number];
  latencies: [number[], number[]];
  duplicates: number;
  sendSeconds: number;
  drained: boolean;
};

type Sent = {
  conversationId: string;
  body: string;
  phase: Phase;
  at: number;
  seen: Set<Client>;
  checked: boolean;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const thousands = (value: number) => Math.round(value).toLocaleString('en-US');

/** Runs `fn` over `items`, at most `limit` at a time, in order of start. */
async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
  signal?: AbortSignal,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        signal?.throwIfAborted();
        const index = next++;
        results[index] = await fn(items[index]!, index);
      }
    }),
  );
  return results;
}

/** One HTTP request over the target's keep-alive agent; resolves with any status, rejects on a timeout. */
function request(
  target: Target,
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; text: string; setCookie: string[] }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const outgoing = http.request(
      {
        agent: target.agent,
        host: target.baseUrl.hostname,
        port: target.baseUrl.port,
        method,
        path: pathname,
        headers: {
          origin: target.origin,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...headers,
        },
        timeout: REQUEST_WITHIN_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            setCookie: response.headers['set-cookie'] ?? [],
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () =>
      outgoing.destroy(new Error(`${method} ${pathname} got no answer within ${REQUEST_WITHIN_MS} ms`)),
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** Like `request`, for setup calls that must succeed: answers the parsed JSON, throws on anything but 2xx. */
async function call<T>(
  target: Target,
  person: Person,
  method: string,
  pathname: string,
  body?: unknown,
): Promise<T> {
  const response = await request(
    target,
    method,
    pathname,
    { cookie: person.cookie, 'x-forwarded-for': person.address },
    body,
  );
  if (response.status < 200 || response.status > 299)
    throw new Error(`${method} ${pathname} answered ${response.status}: ${response.text.slice(0, 500)}`);
  return JSON.parse(response.text) as T;
}

/** A distinct client address for each person (from 198.18.0.0/15, the range set aside for benchmarks). */
function addressOf(index: number): string {
  return `198.${18 + (index >> 16)}.${(index >> 8) & 255}.${index & 255}`;
}

/**
 * Signs a person up through the API as the web app does, from an address of their own (the server runs with
 * TRUST_PROXY, so the identity rate limits count each person separately), and keeps the session cookie.
 */
async function signUp(target: Target, index: number, channel: number): Promise<Person> {
  const address = addressOf(index);
  const response = await request(
    target,
    'POST',
    '/api/auth/sign-up/email',
    { 'x-forwarded-for': address },
    {
      name: `Bench Person ${index}`,
      email: `bench-confer-${index}@example.org`,
      password: 'Correct-Horse-42',
    },
  );
  if (response.status !== 200)
    throw new Error(`sign-up answered ${response.status}: ${response.text.slice(0, 500)}`);
  const cookie = response.setCookie.map((header) => header.split(';')[0]).join('; ');
  const { user } = JSON.parse(response.text) as { user: { id: string } };
  return { index, key: user.id, cookie, address, channel };
}

/**
 * CPU time (user + system) of one process, in milliseconds, from /proc (Linux; USER_HZ is 100); with `thread`,
 * of that thread only (the process id is its main thread: the event loop of a Node process).
 */
async function processCpuMs(pid: number, options: { withChildren?: boolean; thread?: number } = {}) {
  const { withChildren = false, thread } = options;
  const text = await fs.readFile(
    thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`,
    'utf8',
  );
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const children = withChildren ? Number(fields[13]) + Number(fields[14]) : 0;
  return (ticks + children) * 10;
}

/** CPU time of a PostgreSQL server: the postmaster, its live backends, and the ones that have exited. */
async function postgresCpuMs(postmasterPid: number): Promise<number> {
  let total = await processCpuMs(postmasterPid, { withChildren: true });
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = await fs.readFile(`/proc/${entry}/stat`, 'utf8');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === postmasterPid) total += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // The process ended between listing and reading.
    }
  }
  return total;
}

/** CPU time the whole machine spent busy (every core, everyone's work), in milliseconds, from /proc/stat. */
async function machineBusyMs(): Promise<number> {
  const [line] = (await fs.readFile('/proc/stat', 'utf8')).split('\n');
  const ticks = (line ?? '').trim().split(/\s+/).slice(1, 9).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks;
  return (user + nice + system + irq + softirq + steal) * 10;
}

/**
 * Confer's realtime chat under load, on its own pair of servers: 1,000 people in 50 public channels of 20,
 * each with a WebSocket, receiving the messages their channels' members send over HTTP. Measures the time
 * from the send to each delivery at a steady moderate rate, the rate the server sustains before that time
 * doubles, and delivery through a second server process on the same PostgreSQL.
 */
export async function measureConfer(options: {
  /** Starts a production server (tracked by the caller, so Ctrl-C stops it); `env` is added to its own. */
  start: (env: Record<string, string>) => Promise<RunningServer>;
  log: Log;
  signal: AbortSignal;
  settings?: ConferSettings;
}): Promise<Figure[]> {
  const { start, log, signal } = options;
  const settings = options.settings ?? conferSettings();
  const servers: RunningServer[] = [];
  const agents: http.Agent[] = [];
  const clients: Client[] = [];
  /** Ready connections in each channel, on the first and on the second server: who should get its messages. */
  const connectedIn = new Map<number, [number, number]>();
  const countConnection = (client: Client, change: 1 | -1) => {
    const counts = connectedIn.get(client.person.channel) ?? [0, 0];
    counts[client.server] += change;
    connectedIn.set(client.person.channel, counts);
  };
  const messages = new Map<string, Sent>();
  let unexpectedFrames = 0;
  const problems: string[] = [];
  let closing = false;

  const targetOf = (server: RunningServer): Target => {
    // Enough sockets for the highest rate at a few hundred ms each; more would only queue in the server.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
    agents.push(agent);
    return { baseUrl: new URL(server.baseUrl), origin: new URL(server.baseUrl).origin, agent };
  };

  /** What every client does with a frame: a message is matched to its send by the key the sender chose. */
  const onFrame = (client: Client, data: Buffer) => {
    const now = performance.now();
    if (
      data.length < MESSAGE_PREFIX.length ||
      data.compare(MESSAGE_PREFIX, 0, MESSAGE_PREFIX.length, 0, MESSAGE_PREFIX.length) !== 0
    ) {
      const text = data.toString('utf8');
      if (text.includes('"type":"resync"') || text.includes('"type":"error"'))
        problems.push(text.slice(0, 200));
      return;
    }
    const at = data.lastIndexOf(CLIENT_ID_KEY);
    const sent =
      at === -1
        ? undefined
        : messages.get(
            data.toString('latin1', at + CLIENT_ID_KEY.length, at + CLIENT_ID_KEY.length + UUID_CHARS),
          );
    if (!sent) {
      unexpectedFrames++;
      return;
    }
    if (!sent.checked) {
      // The first copy of each message is read in full; the others are the same text (one serialisation).
      const event = JSON.parse(data.toString('utf8')) as {
        message: { conversationId: string; body: string };
      };
      if (event.message.conversationId !== sent.conversationId || event.message.body !== sent.body)
        problems.push(
          `a message arrived with another conversation or text: ${data.toString('utf8').slice(0, 200)}`,
        );
      sent.checked = true;
    }
    const { phase } = sent;
    if (sent.seen.has(client)) {
      phase.duplicates++;
      return;
    }
    sent.seen.add(client);
    phase.received[client.server]++;
    phase.latencies[client.server].push(now - sent.at);
  };

  /** Opens a person's realtime connection to `target` and resolves once the server says it is ready. */
  const connect = (person: Person, target: Target, server: 0 | 1) =>
    new Promise<Client>((resolve, reject) => {
      const url = `ws://${target.baseUrl.host}/api/realtime`;
      const socket = new WebSocket(url, {
        headers: { cookie: person.cookie, origin: target.origin, 'x-forwarded-for': person.address },
        perMessageDeflate: false,
        handshakeTimeout: READY_WITHIN_MS,
      });
      const closed = new Promise<number>((done) => socket.once('close', (code) => done(code)));
      const client: Client = { person, server, socket, closed };
      const fail = (error: Error) => {
        clearTimeout(timer);
        socket.terminate();
        reject(error);
      };
      const timer = setTimeout(
        () =>
          fail(new Error(`person ${person.index}'s connection was not ready within ${READY_WITHIN_MS} ms`)),
        READY_WITHIN_MS,
      );
      let ready = false;
      socket.on('message', (data: Buffer) => {
        if (ready) return onFrame(client, data);
        const event = JSON.parse(data.toString('utf8')) as { type: string };
        if (event.type !== 'ready') return;
        ready = true;
        clearTimeout(timer);
        clients.push(client);
        countConnection(client, 1);
        resolve(client);
      });
      socket.once('unexpected-response', (upgrade, response) => {
        upgrade.destroy();
        fail(new Error(`person ${person.index}'s connection was refused: ${response.statusCode}`));
      });
      socket.once('error', fail);
      void closed.then((code) => {
        clearTimeout(timer);
        if (!ready)
          reject(new Error(`person ${person.index}'s connection closed (${code}) before it was ready`));
        else if (!closing) {
          // A closed connection gets nothing more: its deliveries are no longer expected, and it is reported.
          problems.push(`person ${person.index}'s connection closed: ${code}`);
          const index = clients.indexOf(client);
          if (index !== -1) {
            clients.splice(index, 1);
            countConnection(client, -1);
          }
        }
      });
    });

  try {
    log(`Confer: starting a server (fresh embedded PostgreSQL, TRUST_PROXY on for per-person addresses)…`);
    const first = await start({ TRUST_PROXY: 'true' });
    servers.push(first);
    const a = targetOf(first);
    const postmasterPid = Number(
      (await fs.readFile(path.join(first.dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
    );

    // Setup: people, channels, memberships, connections.
    const setupStarted = performance.now();
    const indexes = Array.from({ length: settings.clients }, (_, index) => index);
    const people = await mapLimit(
      indexes,
      SETUP_CONCURRENCY,
      (index) => signUp(a, index, Math.floor(index / CHANNEL_SIZE)),
      signal,
    );
    const signedUpAt = performance.now();
    const channels = await mapLimit(
      Array.from({ length: settings.channels }, (_, channel) => channel),
      SETUP_CONCURRENCY,
      async (channel) =>
        (
          await call<{ id: string }>(a, people[channel * CHANNEL_SIZE]!, 'POST', '/api/confer/channels', {
            name: `bench-${channel}`,
            topic: 'Benchmark channel',
          })
        ).id,
      signal,
    );
    await mapLimit(
      people.filter((person) => person.index % CHANNEL_SIZE !== 0),
      SETUP_CONCURRENCY,
      (person) => call(a, person, 'PUT', `/api/confer/conversations/${channels[person.channel]}/membership`),
      signal,
    );
    const joinedAt = performance.now();
    log(
      `  ${thousands(settings.clients)} people signed up in ${((signedUpAt - setupStarted) / 1000).toFixed(1)} s, ` +
        `${settings.channels} channels of ${CHANNEL_SIZE} made and joined in ${((joinedAt - signedUpAt) / 1000).toFixed(1)} s`,
    );
    const connectStarted = performance.now();
    await mapLimit(people, CONNECT_CONCURRENCY, (person) => connect(person, a, 0), signal);
    const connectMs = performance.now() - connectStarted;
    log(
      `  ${thousands(clients.length)} WebSockets connected and ready in ${(connectMs / 1000).toFixed(1)} s`,
    );

    let turn = 0;

    const newPhase = (name: string, rate: number): Phase => ({
      name,
      rate,
      attempted: 0,
      created: 0,
      failures: 0,
      failureSamples: [],
      httpMs: [],
      expected: [0, 0],
      received: [0, 0],
      latencies: [[], []],
      duplicates: 0,
      sendSeconds: 0,
      drained: false,
    });

    /**
     * One message from the next sender in turn, to their channel, through `target`. Consecutive sends go to
     * consecutive channels (one channel gets every `channels`-th send), and everyone's turn comes once in
     * `clients` sends.
     */
    const sendOne = async (phase: Phase, target: Target) => {
      const slot = turn++ % people.length;
      const channel = slot % settings.channels;
      const person = people[channel * CHANNEL_SIZE + Math.floor(slot / settings.channels)]!;
      const conversationId = channels[person.channel]!;
      const clientId = randomUUID();
      const body = `Bench message ${turn} in #bench-${person.channel}`;
      const at = performance.now();
      const sent: Sent = { conversationId, body, phase, at, seen: new Set(), checked: false };
      messages.set(clientId, sent);
      phase.attempted++;
      try {
        const response = await request(
          target,
          'POST',
          `/api/confer/conversations/${conversationId}/messages`,
          { cookie: person.cookie, 'x-forwarded-for': person.address },
          { clientId, body },
        );
        phase.httpMs.push(performance.now() - at);
        if (response.status !== 201) throw new Error(`${response.status}: ${response.text.slice(0, 200)}`);
        phase.created++;
        const connected = connectedIn.get(person.channel);
        phase.expected[0] += connected?.[0] ?? 0;
        phase.expected[1] += connected?.[1] ?? 0;
      } catch (error) {
        phase.failures++;
        if (phase.failureSamples.length < 3) phase.failureSamples.push(String(error));
      }
    };

    /**
     * Sends `rate` messages a second for `seconds` on an open loop (each at its time, whether or not earlier
     * ones were answered), then waits for every delivery.
     */
    const runPhase = async (name: string, rate: number, seconds: number, target: Target) => {
      const phase = newPhase(name, rate);
      const total = Math.max(1, Math.round(rate * seconds));
      const inFlight = new Set<Promise<void>>();
      const started = performance.now();
      for (let i = 0; i < total;) {
        signal.throwIfAborted();
        const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
        for (; i < due; i++) {
          const sending = sendOne(phase, target);
          inFlight.add(sending);
          void sending.finally(() => inFlight.delete(sending));
        }
        await sleep(Math.max(0, started + (i / rate) * 1000 - performance.now()));
      }
      phase.sendSeconds = (performance.now() - started) / 1000;
      await Promise.all(inFlight);
      const deadline = performance.now() + DRAIN_WITHIN_MS;
      const outstanding = () => phase.expected[0] + phase.expected[1] - phase.received[0] - phase.received[1];
      while (outstanding() > 0 && performance.now() < deadline) {
        signal.throwIfAborted();
        await sleep(20);
      }
      phase.drained = outstanding() <= 0;
      await sleep(DUPLICATE_GRACE_MS);
      return phase;
    };

    /** CPU time so far of the servers, PostgreSQL and this process, to divide by the messages of a phase. */
    const cpuNow = async () => ({
      servers: await Promise.all(servers.map((server) => processCpuMs(server.pid))),
      loops: await Promise.all(servers.map((server) => processCpuMs(server.pid, { thread: server.pid }))),
      postgres: await postgresCpuMs(postmasterPid),
      machine: await machineBusyMs(),
      bench: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
      wall: performance.now(),
    });
    type Cpu = Awaited<ReturnType<typeof cpuNow>>;

    /** Prints a phase's figures and checks that it lost nothing; answers its latencies and CPU per message. */
    const report = (
      phase: Phase,
      before: Cpu,
      after: Cpu,
      loop: ReturnType<typeof monitorEventLoopDelay>,
    ) => {
      const all = summary([...phase.latencies[0], ...phase.latencies[1]]);
      const http = summary(phase.httpMs);
      const expected = phase.expected[0] + phase.expected[1];
      const received = phase.received[0] + phase.received[1];
      const perMessage = (value: number) => value / Math.max(1, phase.created);
      const cpu = {
        servers: after.servers.map((value, i) => perMessage(value - (before.servers[i] ?? value))),
        loops: after.loops.map((value, i) => perMessage(value - (before.loops[i] ?? value))),
        postgres: perMessage(after.postgres - before.postgres),
        bench: perMessage(after.bench - before.bench),
      };
      const seconds = (after.wall - before.wall) / 1000;
      const busy = (value: number) => `${Math.round((value * phase.created) / seconds / 10)} %`;
      log(
        `  ${phase.name}: ${thousands(phase.created)} sent at ${(phase.attempted / phase.sendSeconds).toFixed(0)}/s` +
          `${phase.failures > 0 ? ` (${phase.failures} failed: ${phase.failureSamples.join('; ')})` : ''}; ` +
          `delivery p50 ${ms(all.p50)}, p95 ${ms(all.p95)}, p99 ${ms(all.p99)}; ` +
          `POST answered p50 ${ms(http.p50)}, p95 ${ms(http.p95)}; ` +
          `deliveries ${thousands(received)} of ${thousands(expected)}` +
          `${phase.duplicates > 0 ? `, ${phase.duplicates} duplicates` : ''}`,
      );
      log(
        `    CPU per message: server ${cpu.servers.map((value) => ms(value)).join(' + ')} ` +
          `(event loop ${cpu.loops.map((value) => ms(value)).join(' + ')}), PostgreSQL ${ms(cpu.postgres)}, ` +
          `bench ${ms(cpu.bench)}; busy: server ${cpu.servers.map(busy).join(' + ')} ` +
          `(event loop ${cpu.loops.map(busy).join(' + ')}), PostgreSQL ${busy(cpu.postgres)}, ` +
          `bench ${busy(cpu.bench)} of one core; the machine ${Math.round((after.machine - before.machine) / seconds / 10)} % ` +
          `of ${os.availableParallelism() * 100} %; bench event-loop delay p99 ` +
          ms(Math.max(0, loop.percentile(99) / 1e6 - LOOP_RESOLUTION_MS)),
      );
      return { all, http, expected, received, cpu };
    };

    const measure = async (name: string, rate: number, seconds: number, target: Target) => {
      const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
      const before = await cpuNow();
      loop.enable();
      const phase = await runPhase(name, rate, seconds, target);
      loop.disable();
      const after = await cpuNow();
      return { phase, ...report(phase, before, after, loop) };
    };

    // Latency at a steady, moderate rate.
    log(
      `Confer: ${WARM_UP_SECONDS} s of warm-up, then ${settings.steadyRate} messages/s for ${settings.steadySeconds} s ` +
        `(each to ${CHANNEL_SIZE} clients)…`,
    );
    await runPhase('warm-up', settings.steadyRate, WARM_UP_SECONDS, a);
    const steady = await measure('steady', settings.steadyRate, settings.steadySeconds, a);
    if (
      !steady.phase.drained ||
      steady.phase.failures > 0 ||
      steady.phase.duplicates > 0 ||
      problems.length > 0
    )
      throw new Error(
        `Confer lost, failed or duplicated messages at ${settings.steadyRate}/s: ${problems.slice(0, 3).join('; ')}`,
      );

    // The rate before the p50 doubles.
    log(`Confer: stepping the rate up (${settings.stepSeconds} s a step) until the p50 doubles…`);
    const steps: {
      rate: number;
      p50: number;
      p95: number;
      holds: boolean;
      deliveriesPerSecond: number;
    }[] = [];
    const step = async (rate: number) => {
      const problemsBefore = problems.length;
      const result = await measure(`${rate}/s`, rate, settings.stepSeconds, a);
      const stepProblems = problems.slice(problemsBefore);
      if (stepProblems.length > 0)
        log(`    ${stepProblems.length} problems, e.g. ${stepProblems.slice(0, 3).join('; ')}`);
      const baseline = steps[0]?.p50 ?? result.all.p50;
      const holds =
        result.phase.drained &&
        result.phase.failures === 0 &&
        result.phase.duplicates === 0 &&
        stepProblems.length === 0 &&
        result.all.p50 < 2 * baseline &&
        result.phase.attempted / result.phase.sendSeconds >= 0.95 * rate;
      const entry = {
        rate,
        p50: result.all.p50,
        p95: result.all.p95,
        holds,
        deliveriesPerSecond: result.received / settings.stepSeconds,
      };
      steps.push(entry);
      return entry;
    };
    let best: (typeof steps)[number] | undefined;
    let worst: (typeof steps)[number] | undefined;
    for (const rate of settings.stepRates) {
      const entry = await step(rate);
      if (!entry.holds) {
        worst = entry;
        break;
      }
      best = entry;
    }
    for (let i = 0; i < REFINE_STEPS && best && worst; i++) {
      const rate = Math.round((best.rate + worst.rate) / 2 / 5) * 5;
      if (rate <= best.rate || rate >= worst.rate) break;
      const entry = await step(rate);
      if (entry.holds) best = entry;
      else worst = entry;
    }
    const baseline = steps[0];
    if (!baseline || !best)
      throw new Error(`Confer: the lowest rate, ${settings.stepRates[0]}/s, did not hold`);
    log(
      `  highest rate with p50 under twice ${ms(baseline.p50)}: ${best.rate} messages/s ` +
        `(${thousands(best.deliveriesPerSecond)} deliveries/s, p50 ${ms(best.p50)})` +
        (worst
          ? `; ${worst.rate}/s did not hold (p50 ${ms(worst.p50)})`
          : `; the highest rate tried (${settings.maxRate}/s is the cap)`),
    );
    // Problems under overload were reported with their step; the next phase starts with none.
    problems.length = 0;

    // Two processes on one PostgreSQL: every second member of each channel moves to a second server.
    log('Confer: starting a second server process on the same PostgreSQL…');
    const second = await start({
      TRUST_PROXY: 'true',
      DATABASE_URL: await embeddedDatabaseUrl(first.dataDir),
    });
    servers.push(second);
    const b = targetOf(second);
    const moving = clients.filter((client) => client.person.index % 2 === 1);
    closing = true;
    await Promise.all(
      moving.map((client) => {
        client.socket.close();
        return client.closed;
      }),
    );
    closing = false;
    for (const client of moving) {
      clients.splice(clients.indexOf(client), 1);
      countConnection(client, -1);
    }
    await mapLimit(moving, CONNECT_CONCURRENCY, (client) => connect(client.person, b, 1), signal);
    log(
      `  ${clients.filter((client) => client.server === 0).length} clients on the first, ` +
        `${clients.filter((client) => client.server === 1).length} on the second; sending through the first, ` +
        `${settings.steadyRate} messages/s for ${settings.steadySeconds} s…`,
    );
    await runPhase('warm-up', settings.steadyRate, WARM_UP_SECONDS, a);
    const two = await measure('two processes', settings.steadyRate, settings.steadySeconds, a);
    const onFirst = summary(two.phase.latencies[0]);
    const onSecond = summary(two.phase.latencies[1]);
    log(
      `  to the sending process's clients: p50 ${ms(onFirst.p50)}, p95 ${ms(onFirst.p95)}; ` +
        `to the other process's clients: p50 ${ms(onSecond.p50)}, p95 ${ms(onSecond.p95)}, p99 ${ms(onSecond.p99)}; ` +
        `deliveries there ${thousands(two.phase.received[1])} of ${thousands(two.phase.expected[1])}`,
    );
    if (problems.length > 0) throw new Error(`Confer: ${problems.slice(0, 3).join('; ')}`);
    if (unexpectedFrames > 0)
      throw new Error(`Confer: ${unexpectedFrames} messages arrived that nobody sent`);

    const size = `${thousands(settings.clients)} clients in ${settings.channels} channels`;
    const steadyLabel = `Confer: send → delivery, ${size}, ${settings.steadyRate} messages/s`;
    const stepLabel = `Confer: messages/s before the p50 doubles, ${size}, ${settings.stepSeconds} s steps`;
    const twoLabel = `Confer: two server processes on one PostgreSQL, ${settings.steadyRate} messages/s sent through the first`;
    const lostOrDuplicated = (phase: Phase) =>
      Math.max(0, phase.expected[0] + phase.expected[1] - phase.received[0] - phase.received[1]) +
      phase.duplicates;
    /** The figures of one benchmark row group; most are times, where lower is better. */
    const figuresOf =
      (benchmark: string) =>
      (
        id: string,
        name: string,
        value: number,
        unit: Figure['unit'] = 'ms',
        better: Figure['better'] = 'lower',
      ): Figure => ({ id: `confer.${id}`, benchmark, name, unit, better, value });
    const setupFigure = figuresOf(`Confer: ${size}`);
    const steadyFigure = figuresOf(steadyLabel);
    const stepFigure = figuresOf(stepLabel);
    const twoFigure = figuresOf(twoLabel);
    return [
      setupFigure('connectMs', 'Connect every WebSocket until ready (50 at a time)', connectMs),
      steadyFigure('steady.p50', 'Delivery latency p50', steady.all.p50),
      steadyFigure('steady.p95', 'Delivery latency p95', steady.all.p95),
      steadyFigure('steady.p99', 'Delivery latency p99', steady.all.p99),
      steadyFigure('steady.post.p50', 'POST answered p50', steady.http.p50),
      steadyFigure('steady.post.p95', 'POST answered p95', steady.http.p95),
      steadyFigure('steady.expected', 'Deliveries expected', steady.expected, 'count', 'higher'),
      steadyFigure('steady.received', 'Deliveries received', steady.received, 'count', 'higher'),
      steadyFigure('steady.lost', 'Deliveries lost or duplicated', lostOrDuplicated(steady.phase), 'count'),
      steadyFigure('steady.serverCpu', 'Server CPU per message', steady.cpu.servers[0] ?? Number.NaN),
      steadyFigure('steady.postgresCpu', 'PostgreSQL CPU per message', steady.cpu.postgres),
      stepFigure('steps.baseline.p50', `Delivery p50 at ${baseline.rate} messages/s`, baseline.p50),
      stepFigure('steps.rate', 'Highest rate with p50 under twice that', best.rate, 'msg/s', 'higher'),
      stepFigure(
        'steps.deliveries',
        'Deliveries/s at that rate',
        best.deliveriesPerSecond,
        'msg/s',
        'higher',
      ),
      stepFigure('steps.p50', 'Delivery p50 at that rate', best.p50),
      stepFigure('steps.p95', 'Delivery p95 at that rate', best.p95),
      twoFigure('two.other.p50', "Delivery p50 to the other process's clients", onSecond.p50),
      twoFigure('two.other.p95', "Delivery p95 to the other process's clients", onSecond.p95),
      twoFigure('two.same.p50', "Delivery p50 to the sending process's clients", onFirst.p50),
      twoFigure('two.same.p95', "Delivery p95 to the sending process's clients", onFirst.p95),
      twoFigure(
        'two.other.expected',
        'Deliveries expected on the other process',
        two.phase.expected[1],
        'count',
        'higher',
      ),
      twoFigure(
        'two.other.received',
        'Deliveries received on the other process',
        two.phase.received[1],
        'count',
        'higher',
      ),
      twoFigure(
        'two.lost',
        'Deliveries lost or duplicated (both processes)',
        lostOrDuplicated(two.phase),
        'count',
      ),
      twoFigure(
        'two.otherCpu',
        'Other process CPU per message (fan-out only)',
        two.cpu.servers[1] ?? Number.NaN,
      ),
    ];
  } finally {
    closing = true;
    for (const client of clients) client.socket.terminate();
    for (const agent of agents) agent.destroy();
    // The second server uses the first one's PostgreSQL: it stops first.
    for (const server of servers.reverse()) await server.stop();
    log(
      `  load average at the end: ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(', ')}`,
    );
  }
}
