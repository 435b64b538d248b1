/**
 * The CDK app (root cdk.json: `npx tsx infra/bin/app.ts`; infra: `npm run synth` / `npm run deploy`).
 * Synthesizes with no AWS account: the account comes from the CLI's profile when there is one.
 *
 * cdk-nag 3 runs as a CDK policy-validation plugin (no longer an Aspect): any unacknowledged
 * finding, warning or error, interrupts synthesis. Acknowledgements (`Validations.of(c).acknowledge`)
 * sit next to the constructs they concern, each with its reason.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { buildStacks } from '../src/stacks/app';
import { cdkJsonContext } from '../src/stacks/paths';

const app = new App({ context: cdkJsonContext() });
buildStacks(app, {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION ?? 'us-east-1' },
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
app.synth();
