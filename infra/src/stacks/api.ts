import { Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Construct } from 'constructs';
import { ROUTES, routePath, type Resource } from '@eb/shared/routes';
import { API_TIMEOUT_SECONDS, apiEntry } from '../definitions';
import type { AuthStack } from './auth';
import { appFunction } from './lambda';
import { lambdaEnvironment } from './environment';
import type { BucketKey, StorageStack } from './storage';

/** What an API Lambda may touch besides the table (which every resource reads and writes). */
export interface ResourceAccess {
  /** Send job messages to the jobs queue. */
  queue?: boolean;
  /** Read and write these buckets. */
  buckets?: readonly BucketKey[];
  /** The Cognito admin actions on the user pool (user administration). */
  cognitoAdmin?: boolean;
}

/**
 * Least privilege per resource. A Record over every resource, so that adding a resource to the
 * route table makes the compiler ask for its permissions here. Deliberately a little generous where
 * the spec is silent on the implementation (exports may be produced inline or by a job).
 */
export const RESOURCE_ACCESS: Record<Resource, ResourceAccess> = {
  users: { cognitoAdmin: true },
  reference: {},
  job: { queue: true },
  agent: { queue: true, buckets: ['exports'] },
  contract: { queue: true, buckets: ['exports', 'documents'] },
  mastercontract: { queue: true, buckets: ['exports', 'documents'] },
  account: { queue: true, buckets: ['exports'] },
  // the table (every resource) and the list engine's snapshots in the exports bucket; no jobs
  businessentity: { buckets: ['exports'] },
  // the table; exports for the list engine's snapshots (no jobs, no exports of its own)
  primarycontact: { buckets: ['exports'] },
  file: { buckets: ['uploads', 'documents', 'exports'] },
  report: { queue: true, buckets: ['exports'] },
  upload: { queue: true, buckets: ['uploads', 'documents', 'exports'] },
  update: { queue: true, buckets: ['uploads', 'exports'] },
  // the table (lists and change log); exports for the list engine's snapshots
  home: { buckets: ['exports'] },
};

/** The user-administration calls of the users Lambda (spec 1 section 7, ARCHITECTURE.md sign-in). */
export const COGNITO_ADMIN_ACTIONS = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminUserGlobalSignOut',
  'cognito-idp:AdminDeleteUser',
] as const;

/** The resources that have routes: one Lambda each (handler files exist only for these). */
export const routedResources = (): Resource[] => [...new Set(ROUTES.map((r) => r.resource))];

/** A construct id for a route, e.g. `GET-api-users-GetCurrentUser`. */
const routeId = (method: string, p: string): string => `${method}${p.replace(/\//g, '-')}`;

export interface ApiStackProps extends StackProps {
  httpApi: apigwv2.IHttpApi;
  storage: StorageStack;
  auth: AuthStack;
  appUrl: string;
}

/**
 * The API: one Lambda per routed resource and one HTTP API route per entry of the shared route
 * table (`/api/<resource>/<Action>`), on the HTTP API created by the web stack (see WebStack for why).
 * Authentication happens inside the Lambdas (cookies -> access token -> profile, ARCHITECTURE.md),
 * so the routes carry no API Gateway authorizer.
 */
export class ApiStack extends Stack {
  readonly functions: Partial<Record<Resource, NodejsFunction>> = {};

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { storage, auth } = props;
    const environment = lambdaEnvironment(storage, auth, props.appUrl);

    const integrations = new Map<Resource, HttpLambdaIntegration>();
    for (const resource of routedResources()) {
      const fn = appFunction(this, `${resource}Fn`, {
        entry: apiEntry(resource),
        description: `API: /api/${resource}/*`,
        timeout: Duration.seconds(API_TIMEOUT_SECONDS),
        memorySize: 1024,
        environment,
      });
      this.functions[resource] = fn;

      const access = RESOURCE_ACCESS[resource];
      const role = fn.role!;
      role.addManagedPolicy(storage.policies.table);
      if (access.queue) role.addManagedPolicy(storage.policies.queueSend);
      for (const key of access.buckets ?? []) role.addManagedPolicy(storage.policies.buckets[key]);
      if (access.cognitoAdmin) auth.userPool.grant(fn, ...COGNITO_ADMIN_ACTIONS);

      // One invoke permission per function for the whole API (not one per route): a resource with
      // dozens of routes would otherwise approach the 20 KB Lambda resource-policy limit.
      integrations.set(resource, new HttpLambdaIntegration(`${resource}Integration`, fn, { scopePermissionToRoute: false }));
    }

    for (const route of ROUTES) {
      const p = routePath(route);
      const httpRoute = new apigwv2.HttpRoute(this, routeId(route.method, p), {
        httpApi: props.httpApi,
        routeKey: apigwv2.HttpRouteKey.with(p, apigwv2.HttpMethod[route.method]),
        integration: integrations.get(route.resource)!,
      });
      Validations.of(httpRoute).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason:
          route.access === 'public'
            ? 'A public route of the spec (sign-in, reset password): no authorization by design; the Lambda still validates the input, throttles and checks the origin.'
            : `Access "${route.access}" is enforced in the Lambda (backend-for-frontend): the access token travels in an HttpOnly cookie, is verified with aws-jwt-verify and the profile (role, isActive) is reloaded on every call.`,
      });
    }
  }
}
