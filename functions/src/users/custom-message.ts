import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { config } from '../lib/config';
import { resetEmail, resetLink } from './reset-key';

/**
 * Cognito CustomMessage trigger (AWS): the forgot-password email carries the link /login/{key},
 * Cognito replaces the code placeholder with the real code.
 */
export const handler = async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
  if (event.triggerSource === 'CustomMessage_ForgotPassword') {
    const email = event.request.userAttributes.email ?? event.userName;
    const mail = resetEmail(resetLink(config.appUrl, email, event.request.codeParameter));
    event.response.emailSubject = mail.subject;
    event.response.emailMessage = mail.html;
  }
  return event;
};
