import { describe, expect, it } from 'vitest';
import { findSecrets, redactSecrets } from './secrets.ts';

// Shaped like real credentials, made up for these tests (each provider's documented example form).
const github = `ghp_${'a1B2c3D4e5F6g7H8i9J0'}${'k1L2m3N4o5P6'}${'q7R8'}`;
const keyLine = 'MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun';
const privateKey = [
  '-----BEGIN RSA PRIVATE KEY-----',
  ...Array.from({ length: 8 }, (_, n) => keyLine.slice(n) + 'QWERTYUIOPASDFGH'.slice(0, n)),
  '-----END RSA PRIVATE KEY-----',
].join('\n');

describe('the secret scan', () => {
  it('finds keys and tokens by line, and redacts them in the text', async () => {
    const text = [
      'region = eu-west-1',
      'aws_access_key_id = AKIAZ3MSJV4WQKXG5X2N',
      'aws_secret_access_key = Zk8vP2qR7sT1uW4xY6zA9bC3dE5fG8hJ2kL4mN6p',
      `token = "${github}"`,
      'DATABASE_URL=postgres://app:S3cr3tPassw0rd@db.internal:5432/app',
      privateKey,
      'export {};',
    ].join('\n');
    const findings = await findSecrets('config/keys.ts', text);
    const rules = findings.map((finding) => [
      finding.line,
      finding.rule.replace('@secretlint/secretlint-rule-', ''),
    ]);
    expect(rules).toEqual([
      [3, 'aws'],
      [4, 'github'],
      [5, 'database-connection-string'],
      [6, 'privatekey'],
    ]);
    // The detector's message never repeats the secret.
    for (const finding of findings) expect(finding.message).not.toContain(github);
    const redacted = redactSecrets(text, findings);
    expect(redacted).not.toContain(github);
    expect(redacted).not.toContain(keyLine);
    expect(redacted).not.toContain('Zk8vP2qR7sT1uW4xY6zA9bC3dE5fG8hJ2kL4mN6p');
    expect(redacted).not.toContain('S3cr3tPassw0rd');
    expect(redacted).toContain('[REDACTED github]');
    expect(redacted).toContain('region = eu-west-1');
    expect(redacted.endsWith('export {};')).toBe(true);
  });

  it('finds nothing in ordinary code', async () => {
    const code = 'export function add(a: number, b: number) {\n  return a + b; // key: not a secret\n}\n';
    expect(await findSecrets('src/add.ts', code)).toEqual([]);
    expect(redactSecrets(code, [])).toBe(code);
  });

  it('redacts overlapping findings once', () => {
    const text = 'before SECRETSECRET after';
    const finding = (start: number, end: number) => ({
      path: 'x',
      line: 1,
      rule: 'r',
      message: 'm',
      start,
      end,
    });
    expect(redactSecrets(text, [finding(7, 19), finding(10, 13)])).toBe('before [REDACTED r] after');
  });
});
