import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { AccountStatus, completeAccountSchema, ok, profileUpdateSchema } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { parseWith } from '../../http/validate';
import { authOf } from '../auth/guard-plugin';
import { updateUser } from '../accounts/users';
import { toUserInfo } from '../accounts/user-info';
import { getMfaState } from '../mfa/mfa-service';
import { countries, industries, isCountry, isIndustry, isPosition, positions } from './dictionaries';

const oneOf = (check: (v: string) => boolean) => z.string().refine(check, { message: 'validation.formFormat' });

/** The profile update of contracts, with the option lists enforced. */
const profileSchema = profileUpdateSchema.extend({
  industry_type: oneOf(isIndustry).optional(),
  position: oneOf(isPosition).optional(),
  country_code: oneOf(isCountry).optional(),
});

/** The completion form of /register, with the option lists enforced. */
const completeSchema = completeAccountSchema.extend({
  industry_type: completeAccountSchema.shape.industry_type.pipe(oneOf(isIndustry)),
  position: completeAccountSchema.shape.position.pipe(oneOf(isPosition)),
  country_code: completeAccountSchema.shape.country_code.pipe(oneOf(isCountry)),
});

export const profileRoutes: FastifyPluginAsync<AppDeps> = async (app, deps) => {
  const { db } = deps.store;
  const infoOf = async (user: Parameters<typeof toUserInfo>[0]) => toUserInfo(user, (await getMfaState(db, user.id)).enabled);

  app.get('/api/dict/country', { config: { policy: { access: 'public' } } }, async (request) => ok(countries(request.lang)));
  app.get('/api/dict/industry', { config: { policy: { access: 'public' } } }, async (request) => ok(industries(request.lang)));
  app.get('/api/dict/position', { config: { policy: { access: 'public' } } }, async (request) => ok(positions(request.lang)));

  app.put('/uc/api/user', { config: { policy: { access: 'user', write: true } } }, async (request) => {
    const body = parseWith(profileSchema, request.body);
    const { userId } = authOf(request);
    const user = await updateUser(db, deps.clock, userId, {
      firstName: body.first_name,
      lastName: body.last_name,
      nickname: body.nickname,
      username: body.username,
      companyName: body.company_name,
      industryType: body.industry_type,
      position: body.position,
      countryCode: body.country_code,
      language: body.language,
    });
    return ok(await infoOf(user));
  });

  /** Completes the account info of a new account (status 0/1, routed to /register): status becomes 2. */
  app.put('/api/user/complete', { config: { policy: { access: 'user', write: true } } }, async (request) => {
    const body = parseWith(completeSchema, request.body);
    const { userId } = authOf(request);
    const user = await updateUser(db, deps.clock, userId, {
      firstName: body.firstName,
      lastName: body.lastName,
      companyName: body.company_name,
      industryType: body.industry_type,
      position: body.position,
      countryCode: body.country_code,
      accountStatus: AccountStatus.NORMAL,
    });
    return ok(await infoOf(user));
  });
};
