/**
 * Addresses a hostile person could give the repository extractor to reach the server's own network: every one
 * must be refused before any connection is made. `dns` is what the test resolver answers for a host name (a
 * name that points inside, as rebinding services do); IP literals are checked as written.
 */
export interface SsrfCase {
  url: string;
  why: string;
  dns?: Record<string, string[]>;
}

export const ssrfCorpus: SsrfCase[] = [
  { url: 'https://127.0.0.1/team/tool', why: 'loopback' },
  { url: 'https://127.1/team/tool', why: 'loopback, short form' },
  { url: 'https://0x7f000001/team/tool', why: 'loopback, hexadecimal' },
  { url: 'https://2130706433/team/tool', why: 'loopback, one decimal number' },
  { url: 'https://0177.0.0.1/team/tool', why: 'loopback, octal' },
  { url: 'https://0.0.0.0/team/tool', why: 'this host' },
  { url: 'https://localhost/team/tool', why: 'loopback by name', dns: { localhost: ['127.0.0.1', '::1'] } },
  { url: 'https://[::1]/team/tool', why: 'IPv6 loopback' },
  { url: 'https://[::ffff:127.0.0.1]/team/tool', why: 'IPv4-mapped IPv6 loopback' },
  { url: 'https://[::ffff:a9fe:a9fe]/team/tool', why: 'IPv4-mapped cloud metadata' },
  { url: 'https://169.254.169.254/latest/meta-data', why: 'cloud metadata' },
  { url: 'https://169.254.1.1/team/tool', why: 'link-local' },
  { url: 'https://10.0.0.5/team/tool', why: 'private 10/8' },
  { url: 'https://172.16.3.4/team/tool', why: 'private 172.16/12' },
  { url: 'https://192.168.1.10/team/tool', why: 'private 192.168/16' },
  { url: 'https://100.64.0.1/team/tool', why: 'carrier-grade NAT' },
  { url: 'https://224.0.0.1/team/tool', why: 'multicast' },
  { url: 'https://[fd12:3456::1]/team/tool', why: 'IPv6 unique-local' },
  { url: 'https://[fe80::1]/team/tool', why: 'IPv6 link-local' },
  { url: 'https://[ff02::1]/team/tool', why: 'IPv6 multicast' },
  {
    url: 'https://git.rebind.example/team/tool',
    why: 'a public-looking name that resolves inside',
    dns: { 'git.rebind.example': ['10.1.2.3'] },
  },
  {
    url: 'https://mixed.example/team/tool',
    why: 'a name with one public and one private address',
    dns: { 'mixed.example': ['93.184.216.34', '192.168.0.1'] },
  },
  { url: 'http://github.com/team/tool', why: 'plain http' },
  { url: 'https://user:secret@github.com/team/tool', why: 'credentials in the address' },
  { url: 'ftp://github.com/team/tool', why: 'another scheme' },
  { url: 'file:///etc/passwd', why: 'a local file' },
  { url: 'git@github.com:team/tool.git', why: 'ssh' },
];
