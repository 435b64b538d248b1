import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_MINUTES, PASSWORD_MIN_LENGTH, REFRESH_TOKEN_HOURS } from '@eb/shared/constants';
import { ENV } from '../src/definitions';
import { only, synth, type Synthesized, SYNTH_TIMEOUT_MS } from './synth';

let s: Synthesized;
beforeAll(() => {
  s = synth();
}, SYNTH_TIMEOUT_MS);
afterAll(() => s.dispose());

describe('auth stack: user pool', () => {
  it('enforces the password policy of spec 1 section 5', () => {
    const pool = only(s.templates.auth, 'AWS::Cognito::UserPool');
    expect(pool.Properties.Policies.PasswordPolicy).toMatchObject({
      MinimumLength: PASSWORD_MIN_LENGTH,
      RequireLowercase: true,
      RequireUppercase: true,
      RequireNumbers: true,
      RequireSymbols: true,
    });
    expect(PASSWORD_MIN_LENGTH).toBe(8);
  });

  it('signs in by case-insensitive email, admins create users, recovery by email only', () => {
    const { Properties: p } = only(s.templates.auth, 'AWS::Cognito::UserPool');
    expect(p.UsernameAttributes).toEqual(['email']);
    expect(p.UsernameConfiguration).toEqual({ CaseSensitive: false });
    expect(p.AdminCreateUserConfig).toEqual({ AllowAdminCreateUserOnly: true });
    expect(p.AccountRecoverySetting).toEqual({ RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] });
    expect(p.UserPoolAddOns).toBeUndefined();
    expect(p.DeletionProtection).toBe('ACTIVE');
  });

  it('has the CustomMessage trigger, which receives APP_URL', () => {
    const { Properties: p } = only(s.templates.auth, 'AWS::Cognito::UserPool');
    const fnId = p.LambdaConfig.CustomMessage['Fn::GetAtt'][0] as string;
    const fn = s.templates.auth.findResources('AWS::Lambda::Function')[fnId]!;
    expect(fn.Properties.Runtime).toBe('nodejs22.x');
    expect(Object.keys(fn.Properties.Environment.Variables)).toContain(ENV.APP_URL);
    s.templates.auth.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'cognito-idp.amazonaws.com',
    });
  });
});

describe('auth stack: app client', () => {
  it('allows USER_PASSWORD_AUTH and refresh only, without a secret or OAuth', () => {
    const { Properties: c } = only(s.templates.auth, 'AWS::Cognito::UserPoolClient');
    expect([...c.ExplicitAuthFlows].sort()).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_PASSWORD_AUTH']);
    expect(c.GenerateSecret).toBe(false);
    expect(c.AllowedOAuthFlowsUserPoolClient).toBe(false);
  });

  it('revokes tokens, hides user existence and uses the session lifetimes of shared/constants', () => {
    const { Properties: c } = only(s.templates.auth, 'AWS::Cognito::UserPoolClient');
    expect(c.EnableTokenRevocation).toBe(true);
    expect(c.PreventUserExistenceErrors).toBe('ENABLED');
    expect(c.TokenValidityUnits).toEqual({ AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' });
    expect(c.AccessTokenValidity).toBe(ACCESS_TOKEN_MINUTES);
    expect(c.IdTokenValidity).toBe(ACCESS_TOKEN_MINUTES);
    expect(c.RefreshTokenValidity).toBe(REFRESH_TOKEN_HOURS * 60);
  });
});
