import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Construct } from 'constructs';
import { ACCESS_TOKEN_MINUTES, PASSWORD_MIN_LENGTH, REFRESH_TOKEN_HOURS } from '@eb/shared/constants';
import { CUSTOM_MESSAGE_ENTRY, ENV } from '../definitions';
import { appFunction } from './lambda';

/** A CustomMessage trigger only rewrites an email: it needs little time and memory. */
const TRIGGER_TIMEOUT_SECONDS = 5;
const TRIGGER_MEMORY_MB = 256;

export interface AuthStackProps extends StackProps {
  /** The app's URL: the reset-password email links to `${appUrl}/login/{key}`. */
  appUrl: string;
}

/**
 * Sign-in: the Cognito user pool (the spec's password policy, sign-in by email) and the app client
 * the backend-for-frontend uses (USER_PASSWORD_AUTH + refresh; no secret, no hosted UI).
 * Users are created by administrators only. The reset-password email is written by a CustomMessage
 * trigger so that it carries the app's `/login/{key}` link.
 */
export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;
  readonly customMessage: NodejsFunction;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);

    this.customMessage = appFunction(this, 'CustomMessageFn', {
      entry: CUSTOM_MESSAGE_ENTRY,
      description: 'Cognito CustomMessage trigger: the reset-password email with the app link',
      timeout: Duration.seconds(TRIGGER_TIMEOUT_SECONDS),
      memorySize: TRIGGER_MEMORY_MB,
      environment: { [ENV.APP_URL]: props.appUrl },
    });

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      standardAttributes: { email: { required: true, mutable: true } },
      autoVerify: { email: true },
      // Spec 1 section 5: at least 8 characters with lower, upper, digit and special character.
      passwordPolicy: {
        minLength: PASSWORD_MIN_LENGTH,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(7),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      mfa: cognito.Mfa.OFF,
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      lambdaTriggers: { customMessage: this.customMessage },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.userPoolClient = this.userPool.addClient('AppClient', {
      generateSecret: false,
      // ALLOW_REFRESH_TOKEN_AUTH is always added by CDK next to the flows listed here.
      authFlows: { userPassword: true },
      disableOAuth: true,
      supportedIdentityProviders: [cognito.UserPoolClientIdentityProvider.COGNITO],
      enableTokenRevocation: true,
      preventUserExistenceErrors: true,
      accessTokenValidity: Duration.minutes(ACCESS_TOKEN_MINUTES),
      idTokenValidity: Duration.minutes(ACCESS_TOKEN_MINUTES),
      refreshTokenValidity: Duration.hours(REFRESH_TOKEN_HOURS),
    });

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId, description: 'USER_POOL_ID' });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId, description: 'USER_POOL_CLIENT_ID' });

    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG2',
        reason:
          'The spec defines sign-in by email and password only (the login screen has no MFA step); the app adds its own lockout after repeated failures.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'The Plus feature plan (threat protection) is not required for this internal back-office (spec: "advanced security not required"); repeated sign-in failures are locked out by the app itself.',
      },
    );
  }
}
