import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synth, type Synthesized, SYNTH_TIMEOUT_MS } from './synth';

let s: Synthesized;
beforeAll(() => {
  s = synth();
}, SYNTH_TIMEOUT_MS);
afterAll(() => s.dispose());

const stackNames = ['web', 'storage', 'auth', 'api', 'workers', 'monitoring'] as const;

/** Every acknowledgement recorded under a construct: [path, rule id, reason]. */
function acknowledgements(root: IConstruct): [string, string, string][] {
  return root.node.findAll().flatMap((c) =>
    c.node.metadata
      .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((m) => Object.entries(m.data as Record<string, string>).map(([id, reason]): [string, string, string] => [c.node.path, id, reason])),
  );
}

/**
 * cdk-nag 3 is a policy-validation plugin (bin/app.ts registers it with Validations.of(app)), and
 * any finding it reports, warning or error, interrupts `cdk synth`. The same check runs here on
 * each stack with `validateScope`.
 */
describe('cdk-nag AwsSolutions', () => {
  it.each(stackNames)('%s stack: no unacknowledged finding', (name) => {
    const report = new AwsSolutionsChecks().validateScope(s.stacks[name]);
    const findings = report.violations.map((v) => `${v.severity} ${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`);
    expect(findings).toEqual([]);
    expect(report.success).toBe(true);
  });

  // cdk-nag 2 reported through annotations; version 3 does not, but nothing may report there either.
  it.each(stackNames)('%s stack: no AwsSolutions error annotation either', (name) => {
    const errors = Annotations.fromStack(s.stacks[name]).findError('*', Match.stringLikeRegexp('AwsSolutions-.*'));
    expect(errors).toEqual([]);
  });

  it('gives every acknowledgement a specific reason', () => {
    const acks = acknowledgements(s.app);
    expect(acks.length).toBeGreaterThan(0);
    for (const [path, id, reason] of acks) {
      expect(id, path).toMatch(/AwsSolutions-[A-Z0-9]+/);
      expect(reason.length, `${path} ${id}`).toBeGreaterThanOrEqual(60);
    }
  });

  it('acknowledges only the expected rules', () => {
    const rules = new Set(acknowledgements(s.app).map(([, id]) => id.replace(/^annotation::/i, '').replace(/\[.*$/, '')));
    expect([...rules].sort()).toEqual(
      [
        'AwsSolutions-APIG4', // authentication in the Lambdas (BFF, cookies)
        'AwsSolutions-CFR1', // no geo restriction
        'AwsSolutions-CFR2', // no WAF
        'AwsSolutions-CFR4', // default CloudFront certificate without a custom domain
        'AwsSolutions-COG2', // no MFA in the spec
        'AwsSolutions-COG8', // Plus plan not required
        'AwsSolutions-IAM4', // CDK BucketDeployment handler only
        'AwsSolutions-IAM5', // object keys, X-Ray, CDK BucketDeployment
        'AwsSolutions-L1', // nodejs22.x fixed by the architecture
      ].sort(),
    );
  });

  it('acknowledges no wildcard on actions outside the CDK BucketDeployment handler', () => {
    const actionAcks = acknowledgements(s.app).filter(([, id]) => id.includes('IAM5[Action::'));
    for (const [path] of actionAcks) expect(path).toMatch(/Custom::CDKBucketDeployment/);
  });
});

/**
 * The synthesized templates (this file's synthesis, written to its temporary cloud assembly) checked
 * as CloudFormation checks them, by cfn-lint: no error (warnings of the kind CDK emits, such as
 * W3005, are allowed). Skipped, saying so, where cfn-lint is not installed (`pip install cfn-lint`).
 */
const CFN_LINT = process.env.CFN_LINT ?? 'cfn-lint';
const cfnLintVersion = spawnSync(CFN_LINT, ['--version'], { encoding: 'utf8' });
const hasCfnLint = !cfnLintVersion.error && cfnLintVersion.status === 0;
if (!hasCfnLint) console.warn(`cfn-lint is not installed (${CFN_LINT}): the CloudFormation lint of the templates is SKIPPED. Install it with \`pip install cfn-lint\`.`);

describe('cfn-lint', () => {
  it.skipIf(!hasCfnLint)('finds no error in any synthesized template', () => {
    const templates = readdirSync(s.outdir).filter((f) => f.endsWith('.template.json'));
    expect(templates.map((t) => t.replace('.template.json', '')).sort()).toEqual(['EbApi', 'EbAuth', 'EbMonitoring', 'EbStorage', 'EbWeb', 'EbWorkers']);
    const run = spawnSync(CFN_LINT, ['--format', 'json', '--', ...templates.map((t) => path.join(s.outdir, t))], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    expect(run.error).toBeUndefined();
    const findings = JSON.parse(run.stdout || '[]') as { Level: string; Rule: { Id: string }; Message: string; Filename: string }[];
    const errors = findings.filter((f) => f.Level === 'Error').map((f) => `${path.basename(f.Filename)} ${f.Rule.Id}: ${f.Message}`);
    expect(errors).toEqual([]);
    // exit status bit 2 is "errors"; 4 (warnings) and 8 (informational) are allowed
    expect((run.status ?? 0) & 2).toBe(0);
  });
});
