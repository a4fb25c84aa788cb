import { lintSource } from '@secretlint/core';
import { secretLintProfiler } from '@secretlint/profiler';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';

// secretlint times every rule on every file unless told not to, and keeps each timing for the life of the
// process: a fifth of a large run's time, and memory that only grows.
secretLintProfiler.setEnabled(false);

/** A secret found in a file: where, and what kind (the detector's rule). */
export interface SecretFinding {
  path: string;
  /** 1-based, where the secret starts. */
  line: number;
  /** The detector's rule, e.g. `@secretlint/secretlint-rule-aws`. */
  rule: string;
  /** What it is, in the detector's words, with the secret itself masked. */
  message: string;
  /** Offsets of the secret in the text, for redacting it. */
  start: number;
  end: number;
}

// secretlint's recommended rules: cloud keys (AWS, GCP, Azure), tokens of GitHub, GitLab, Slack, npm, OpenAI,
// Anthropic and others, private keys, basic-auth URLs, database connection strings.
const config = { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: recommended }] };

/** The secrets in one file's text, by secretlint's recommended rules, first in the text first. */
export async function findSecrets(path: string, content: string): Promise<SecretFinding[]> {
  const result = await lintSource({
    source: { filePath: path, content, contentType: 'text' },
    options: { config, maskSecrets: true, noPhysicFilePath: true },
  });
  return result.messages
    .map((message) => ({
      path,
      line: message.loc.start.line,
      rule: message.ruleId,
      message: message.message,
      start: message.range[0],
      end: message.range[1],
    }))
    .sort((a, b) => a.start - b.start);
}

/** The text with each finding replaced by `[REDACTED <rule>]`, overlapping findings taken together. */
export function redactSecrets(content: string, findings: readonly SecretFinding[]): string {
  let text = '';
  let at = 0;
  for (const finding of [...findings].sort((a, b) => a.start - b.start)) {
    if (finding.end <= at) continue;
    const start = Math.max(finding.start, at);
    text += `${content.slice(at, start)}[REDACTED ${finding.rule.replace(/^@secretlint\/secretlint-rule-/, '')}]`;
    at = finding.end;
  }
  return text + content.slice(at);
}
