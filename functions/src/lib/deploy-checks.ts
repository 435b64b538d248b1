/**
 * What a deployed stack must never run with: the embedded local stack's settings. Shared by the
 * Lambdas' cold start (config.ts refuses to start) and the CDK app's synthesis
 * (infra/src/stage-config.ts refuses to synthesize), so the rule lives here once.
 *
 * A Lambda is deployed when EB_STAGE is set: only the CDK stacks set it (infra/src/stacks/environment.ts),
 * never the local stack, the tests or `EB_STACK=env` runs.
 */

/** The variable that marks a deployed Lambda (its value is the stage's name). */
export const STAGE_VARIABLE = 'EB_STAGE';

/**
 * Variables only the local stack sets: emulator endpoints (the SDK's AWS_ENDPOINT_URL_*), the
 * emulator's token issuer and JWKS, the browser's S3 proxy, the email outbox, the development admin.
 */
export const LOCAL_ONLY_VARIABLES: readonly RegExp[] = [
  /^AWS_ENDPOINT_URL(_.+)?$/,
  /^COGNITO_ISSUER$/,
  /^COGNITO_JWKS_URI$/,
  /^S3_BROWSER_ENDPOINT$/,
  /^OUTBOX_DIR$/,
  /^LOCAL_ADMIN_(EMAIL|PASSWORD)$/,
];

/**
 * Variables the Lambda runtime itself sets, some of which legitimately name 127.0.0.1 (the runtime
 * API, SnapStart's credentials endpoint): not checked for local URLs (the endpoint variables
 * AWS_ENDPOINT_URL* are refused by name above).
 */
const RUNTIME_VARIABLE = /^(AWS_|_|LAMBDA_)/;

const LOCAL_HOST = /^(localhost|.*\.localhost|127(\.\d{1,3}){3}|0\.0\.0\.0|\[?::1\]?|host\.docker\.internal|localstack)$/i;

/** True when `value` is a URL to this machine or an emulator (http://localhost:4566, http://cognito-local.localhost/...). */
export function isEmulatorUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return LOCAL_HOST.test(url.hostname);
  } catch {
    return false;
  }
}

/** The problems of an environment that claims to be deployed (empty when fine, or when not deployed). */
export function deploymentProblems(env: Record<string, string | undefined>): string[] {
  if (!env[STAGE_VARIABLE]) return [];
  const problems: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || value === '') continue;
    if (LOCAL_ONLY_VARIABLES.some((re) => re.test(name))) {
      problems.push(`${name} is set (${name.startsWith('LOCAL_ADMIN') ? 'the local development admin' : 'an emulator or local-only setting'}); a deployed stack uses the AWS endpoints and the user pool's own issuer and JWKS`);
    } else if (!RUNTIME_VARIABLE.test(name) && isEmulatorUrl(value)) {
      problems.push(`${name} points at this machine or an emulator (${value})`);
    }
  }
  return problems;
}

/** Throws, naming every problem, when a deployed environment carries local settings. */
export function assertDeployable(env: Record<string, string | undefined>): void {
  const problems = deploymentProblems(env);
  if (problems.length > 0) {
    throw new Error(`Refusing to start stage "${env[STAGE_VARIABLE]}" with local settings:\n- ${problems.join('\n- ')}`);
  }
}
