/**
 * Secrets of the shapes real ones have, made up here from a seeded generator: no value below was ever
 * issued by anyone. Each entry is a field as an environment file or a manifest would hold it, with the
 * parts of it that must never be recorded or printed (`secret`). `harmless` fields must come out as given.
 */
import { mulberry32 } from '../../bench/random.js';

const rnd = mulberry32(0x5ec2e75);
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const pick = (chars: string, n: number) =>
  Array.from({ length: n }, () => chars[Math.floor(rnd() * chars.length)]).join('');
const alnum = (n: number) => pick(ALNUM, n);
const b64url = (n: number) => pick(`${ALNUM}-_`, n);
const b64 = (n: number) => pick(`${ALNUM}+/`, n);
const upper = (n: number) => pick('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', n);
const jsonB64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

const jwt = () =>
  `${jsonB64({ alg: 'RS256', typ: 'JWT', kid: alnum(8) })}.${jsonB64({ sub: 'project_path:org/repo:ref_type:branch', iat: 1_700_000_000, jti: alnum(12) })}.${b64url(86)}`;

/** A PEM block of made-up base64, and its body (what must not appear). */
function pem(kind: string): { text: string; body: string } {
  const body = [...Array.from({ length: 6 }, () => b64(64)), `${b64(20)}==`].join('\n');
  return { text: `-----BEGIN ${kind}PRIVATE KEY-----\n${body}\n-----END ${kind}PRIVATE KEY-----`, body };
}

export interface CorpusEntry {
  field: string;
  value: string;
  /** What must not appear anywhere once recorded (the secret, or the secret part of the value). */
  secret: string;
}

function entry(field: string, value: string, secret = value): CorpusEntry {
  return { field, value, secret };
}

const hfToken = `hf_${alnum(34)}`;
const wandbKey = alnum(40);
const slackPath = `T${upper(8)}/B${upper(10)}/${alnum(24)}`;
const githubPat = `github_pat_11${upper(20)}_${alnum(59)}`;
const bearer = jwt();
const sshKey = pem('OPENSSH ');
const rsaKey = pem('RSA ');
const pkcs8 = pem('');
const mirrorPassword = alnum(24);
const envPassword = alnum(12);
const jsonPassword = alnum(12);
const accessToken = alnum(32);
const teamsPath = `webhookb2/${alnum(32)}@${alnum(20)}/IncomingWebhook/${alnum(32)}`;
const discordPath = `${pick('0123456789', 18)}/${b64url(68)}`;
const npmToken = `npm_${alnum(36)}`;

/** By name: plain values that only the field's name says are secrets. */
export const BY_NAME: CorpusEntry[] = [
  entry('PGPASSWORD', `pg-${alnum(14)}`),
  entry('MYSQL_PWD', alnum(16)),
  entry('DB_PASS', `${alnum(10)}!`),
  entry('GH_PAT', alnum(30)),
  entry('HF_TOKEN', alnum(30)),
  entry('CI_JOB_JWT', jwt()),
  entry('SLACK_WEBHOOK_URL', `https://hooks.slack.com/services/${slackPath}`, slackPath),
  entry('SESSION_COOKIE', b64url(40)),
  entry('AWS_SECRET_ACCESS_KEY', b64(40)),
  entry('ssh.key', sshKey.text, sshKey.body),
  entry('wandbApiKey', alnum(40)),
  entry('oauth.client_secret', alnum(32)),
];

/** By shape: values under a name that says nothing, secrets told by what they look like. */
export const BY_SHAPE: CorpusEntry[] = [
  entry('launch', `torchrun train.py --hf_token=${hfToken} --lr 3e-4`, hfToken),
  entry('cmdline', `python train.py --wandb-key ${wandbKey} --epochs 3`, wandbKey),
  entry('runner_note', `ghp_${alnum(36)}`),
  entry('ci', `token ${githubPat} used`, githubPat),
  entry('app', `gho_${alnum(36)}`),
  entry('bot', `ghs_${alnum(36)}`),
  entry('openai', `sk-proj-${b64url(48)}`),
  entry('anthropic', `sk-ant-api03-${b64url(80)}`),
  entry('slack_bot', `xoxb-${pick('0123456789', 12)}-${pick('0123456789', 13)}-${alnum(24)}`),
  entry('chat', `xoxp-${pick('0123456789', 12)}-${pick('0123456789', 12)}-${alnum(32)}`),
  entry('oidc', `Bearer ${bearer}`, bearer),
  entry('deploy_rsa', rsaKey.text, rsaKey.body),
  entry('material.pem', pkcs8.text, pkcs8.body),
  entry('mirror', `https://ci-user:${mirrorPassword}@pypi.internal.example/simple`, mirrorPassword),
  entry('teams', `https://org.webhook.office.com/${teamsPath}`, teamsPath),
  entry('discord', `https://discord.com/api/webhooks/${discordPath}`, discordPath),
  entry('aws_id', `AKIA${upper(16)}`),
  entry('gcp', `AIza${b64url(35)}`),
  entry('gitlab', `glpat-${b64url(20)}`),
  entry('npmrc', `//registry.npmjs.org/:_authToken=${npmToken}`, npmToken),
  entry('stripe', `sk_live_${alnum(24)}`),
  entry('env_line', `PGPASSWORD=${envPassword} psql -h db`, envPassword),
  entry('json_blob', `{"user": "ci", "password": "${jsonPassword}"}`, jsonPassword),
  entry('query', `https://api.example.com/v1/runs?access_token=${accessToken}&page=2`, accessToken),
];

/** Fields that only look close to a secret's: recorded and shown as given. */
export const HARMLESS: Record<string, string> = {
  keyring: '25.5.0',
  pathlib2: '2.3.7',
  monkeytype: '23.3.0',
  PYTHONPATH: '/opt/trainer/src',
  max_tokens: '4096',
  tokenizers: '0.20.3',
  num_keys: '12',
  passport: 'none',
  author: 'ml-platform',
  compare: 'https://github.com/org/repo/compare/0f1e2d3c4b5a...a1b2c3d4e5f6',
  sha: '3f9c2e1d7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d',
  launch_plain: 'torchrun --nproc_per_node 8 train.py --lr 3e-4 --max_tokens=4096',
  cuda: '12.4',
  torch: '2.5.0+cu124',
};

/** The pieces each must not leave anywhere: the secret, and for a long one each 12-character piece of it. */
export function secretPieces(e: CorpusEntry): string[] {
  const s = e.secret;
  if (s.length < 24) return [s];
  const out: string[] = [];
  for (let i = 0; i + 12 <= s.length; i += 6) out.push(s.slice(i, i + 12));
  return out;
}
