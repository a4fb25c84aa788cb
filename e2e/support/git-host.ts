// A git host for the browser tests: `git http-backend` on loopback (server/test/git-server.ts), with the
// repositories the extractor journeys read. The app trusts this origin through EXTRACTOR_TRUSTED_ORIGINS, set in
// the test configuration only.
import { startGitServer } from '../../server/test/git-server.ts';

const port = Number(process.env.E2E_GIT_PORT);
if (!port) throw new Error('E2E_GIT_PORT is required');

const server = await startGitServer({ port });
const lines = (count: number, text: (n: number) => string) =>
  Array.from({ length: count }, (_, n) => text(n)).join('\n');
await server.createRepository('team/atlas', [
  {
    message: 'Atlas',
    files: {
      'README.md': '# Atlas\n\nMaps of the known world, as code.\n',
      'package.json': '{ "name": "atlas", "version": "1.0.0" }\n',
      'src/index.ts': "export { project } from './projection.ts';\n",
      'src/projection.ts': `/** Projects a point. */\nexport function project(lat: number, lon: number) {\n  return { x: lon, y: lat };\n}\n${lines(40, (n) => `export const meridian${n} = ${n * 15};`)}\n`,
      'src/scale.ts': lines(60, (n) => `export const scale${n} = ${n} / 1000;`),
      // The largest folder, which the journey leaves out.
      'fixtures/world.ts': lines(
        900,
        (n) => `export const city${n} = { name: 'City ${n}', lat: ${n % 90}, lon: ${n % 180} };`,
      ),
      'docs/guide.md': lines(30, (n) => `Step ${n}: read the map and follow the road to the next town.`),
    },
  },
]);
// Two releases of a small library, for comparing one with the other.
await server.createRepository('team/compass', [
  {
    message: 'First release',
    files: {
      'README.md': '# Compass\n\nFinds north.\n',
      'src/north.ts': 'export const north = 0;\n',
      'src/legacy.ts': 'export const legacy = true;\n',
    },
    tags: ['v1'],
  },
  {
    message: 'Second release',
    files: {
      'src/north.ts': 'export const north = 0;\nexport const south = 180;\n',
      'src/legacy.ts': null,
      'src/east.ts': 'export const east = 90;\n',
    },
  },
]);
process.stdout.write(`git host on ${server.baseUrl}\n`);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
