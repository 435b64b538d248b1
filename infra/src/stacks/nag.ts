import { Aspects, type CfnResource, type IAspect, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { rules } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/** One expected IAM wildcard finding (`Action::s3:GetObject*`, `Resource::<Bucket.Arn>/*`) and why it is fine. */
export interface WildcardAck {
  finding: RegExp;
  reason: string;
}

/**
 * Acknowledges the AwsSolutions-IAM5 (wildcard) findings of the IAM policies under `scope` that
 * match one of `acks`, each with its own reason. cdk-nag 3 only acknowledges exact finding ids, and
 * some ids embed values known only at synthesis (the CDK asset bucket's account and region, logical
 * ids). So the findings are computed, after every grant is in, by cdk-nag's own rule, and matched
 * against this explicit list: a wildcard that matches nothing here still fails the synthesis.
 *
 * Only for policies whose resources live in the same stack: cross-stack references are rewritten
 * after Aspects run, which would change the finding ids.
 */
export function acknowledgeWildcards(scope: IConstruct, acks: readonly WildcardAck[]): void {
  Aspects.of(scope).add(new AcknowledgeWildcards(acks));
}

class AcknowledgeWildcards implements IAspect {
  constructor(private readonly acks: readonly WildcardAck[]) {}

  visit(node: IConstruct): void {
    if (!(node instanceof iam.CfnPolicy || node instanceof iam.CfnManagedPolicy || node instanceof iam.CfnRole)) return;
    const result = rules.iam.IAMNoWildcardPermissions(node as CfnResource);
    if (!Array.isArray(result)) return;
    for (const finding of result) {
      const ack = this.acks.find((a) => a.finding.test(finding));
      if (ack) Validations.of(node).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason: ack.reason });
    }
  }
}
