// `npm run create-admin -- <email>`: makes that account an admin, creating it (with a printed one-time
// password) when it does not exist yet. Uses the configuration in the environment, or `npm start`'s.
import { randomBytes } from 'node:crypto';
import { loadConfigOrExit } from '../libs/config/index.ts';
import { createAccount, openOrm, Profile, User } from '../libs/db/index.ts';
import { isEmailAddress, normalizeEmail } from '../libs/domain/index.ts';
import { loadProfile } from './stack/profile.ts';

const email = process.argv[2];
if (!email || !isEmailAddress(email)) {
  console.error('usage: npm run create-admin -- <email>');
  process.exit(2);
}

const config = loadConfigOrExit(process.env.DATABASE_URL ? process.env : loadProfile('dev').env);
const orm = await openOrm(config.DATABASE_URL);
try {
  const em = orm.em.fork();
  const address = normalizeEmail(email);
  const user = await em.findOne(User, { email: address });
  if (user) {
    const profile = await em.findOneOrFail(Profile, { user: user.id });
    profile.role = 'admin';
    await em.flush();
    console.log(`${address} is now an admin.`);
  } else {
    const password = randomBytes(12).toString('base64url');
    const { user: created, profile } = await createAccount(em, { email: address, password, provider: 'email' });
    profile.role = 'admin';
    // The password was printed to a terminal: the back office lets the admin in only to choose their own.
    created.passwordChangeRequired = true;
    await em.flush();
    console.log(`Created admin ${address} with password: ${password}\nIt is for one sign-in: sign in at /admin, where the back office asks you to choose your own password first.`);
  }
} finally {
  await orm.close();
}
