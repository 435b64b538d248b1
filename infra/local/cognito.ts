import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import path from 'node:path';
import { resetEmail, resetLink } from '../../functions/src/users/reset-key';

/**
 * cognito-local embedded in this process, assembled like its own createDefaultServer but with the
 * data kept under our data dir and an email sender that writes the reset link to the outbox folder
 * and prints it on the console (in AWS the CustomMessage trigger writes the same link).
 */
const requireFromCognito = createRequire(createRequire(import.meta.url).resolve('cognito-local/package.json'));
const lib = (p: string) => requireFromCognito(`./lib/${p}`);

/**
 * The tokens' issuer domain. Fixed, not the emulator's address: its port changes at every start,
 * and sessions must survive a restart. The keys are fetched from the real address (COGNITO_JWKS_URI).
 */
export const LOCAL_ISSUER_DOMAIN = 'http://cognito-local.localhost';

export interface CognitoLocal {
  url: string;
  stop(): Promise<void>;
}

export async function startCognitoLocal(opts: {
  port: number;
  dataDir: string;
  outboxDir: string;
  appUrl: () => string;
  quiet?: boolean;
}): Promise<CognitoLocal> {
  process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
  const AWS = requireFromCognito('aws-sdk');
  const pino = requireFromCognito('pino');
  const services = lib('services/index.js');
  const { CognitoServiceFactoryImpl } = lib('services/cognitoService.js');
  const { CryptoService } = lib('services/crypto.js');
  const { StormDBDataStoreFactory } = lib('services/dataStore/stormDb.js');
  const { MessageDeliveryService } = lib('services/messageDelivery/messageDelivery.js');
  const { otp } = lib('services/otp.js');
  const { JwtTokenGenerator } = lib('services/tokenGenerator.js');
  const { UserPoolServiceFactoryImpl } = lib('services/userPoolService.js');
  const { DefaultConfig } = lib('server/config.js');
  const { Router } = lib('server/Router.js');
  const { createServer } = lib('server/server.js');

  mkdirSync(opts.dataDir, { recursive: true });
  mkdirSync(opts.outboxDir, { recursive: true });
  const url = `http://127.0.0.1:${opts.port}`;
  const logger = pino({ level: 'silent' });
  const ctx = { logger };
  const config = {
    ...DefaultConfig,
    TokenConfig: { IssuerDomain: LOCAL_ISSUER_DOMAIN },
    ServerConfig: { port: opts.port, hostname: '127.0.0.1' },
  };
  const clock = new services.DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(opts.dataDir);
  const cognito = await new CognitoServiceFactoryImpl(
    opts.dataDir,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  const triggers = new services.TriggersService(
    clock,
    cognito,
    new services.LambdaService(config.TriggerFunctions, new AWS.Lambda(config.LambdaClient)),
    new CryptoService(config.KMSConfig),
  );
  const outboxSender = {
    async sendEmail(_ctx: unknown, _user: unknown, destination: string, message: { __code?: string }) {
      const link = resetLink(opts.appUrl(), destination, message.__code ?? '');
      const mail = resetEmail(link);
      const file = path.join(opts.outboxDir, `${Date.now()}-${destination.replace(/[^\w.@-]/g, '_')}.json`);
      writeFileSync(file, JSON.stringify({ to: destination, subject: mail.subject, text: mail.text, link }, null, 2));
      appendFileSync(path.join(opts.outboxDir, 'outbox.log'), `${new Date().toISOString()} ${destination} ${link}\n`);
      if (!opts.quiet) console.log(`\n  Password reset email for ${destination}:\n  ${link}\n  (saved in ${file})\n`);
    },
    async sendSms() {
      /* no SMS in this product */
    },
  };
  const svc = {
    clock,
    cognito,
    config,
    messages: new services.MessagesService(triggers, new MessageDeliveryService(outboxSender)),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const router = Router(svc);
  const { UserNotFoundError } = lib('errors.js');
  /**
   * AdminUserGlobalSignOut, which cognito-local lacks: the user's refresh tokens stop working, as in
   * AWS (the app calls it when a password is set or a user deactivated).
   */
  const globalSignOut = async (ctx: unknown, req: { UserPoolId: string; Username: string }) => {
    const userPool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError();
    await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
    return {};
  };
  const withGlobalSignOut = (target: string) => (target === 'AdminUserGlobalSignOut' ? globalSignOut : router(target));
  const server = createServer(withGlobalSignOut, logger, config.ServerConfig, svc);
  const http: Server = await server.start();
  return {
    url,
    stop: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}
