import { access } from '../access/access-rule.js';
import { defineOperation } from '../operations/define-operation.js';
import {
  CreateSubscriptionSchema,
  SubscriptionQuerySchema,
  SubscriptionSchema,
  UpdateSubscriptionSchema,
} from './subscription.schemas.js';

const tags = ['subscriptions'];

/** A client's subscription (spec §4 trial): read by every login, written by the super admin. */
export const subscriptionOperations = {
  getMySubscription: defineOperation({
    method: 'GET',
    path: '/api/cs/subscriptions/me',
    // No feature rule: the trial page must load while the trial is over.
    access: access.authenticated(),
    tags,
    summary: "The subscription of the session's client (a super admin may name another client)",
    query: SubscriptionQuerySchema,
    response: SubscriptionSchema,
    errors: [404],
  }),
  createSubscription: defineOperation({
    method: 'POST',
    path: '/api/cs/subscriptions',
    access: access.roles('SAD'),
    tags,
    summary: "Create a client's subscription (super admin)",
    body: CreateSubscriptionSchema,
    response: SubscriptionSchema,
    errors: [400, 404, 409],
  }),
  updateSubscription: defineOperation({
    method: 'PUT',
    path: '/api/cs/subscriptions',
    access: access.roles('SAD'),
    tags,
    summary: "Change a client's subscription (super admin)",
    body: UpdateSubscriptionSchema,
    response: SubscriptionSchema,
    errors: [400, 404],
  }),
};
