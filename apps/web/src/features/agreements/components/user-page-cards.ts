// The agreements' cards on the user page, in one chunk: app/ puts them into the users feature's page.
export { PersonalDataCard } from './personal-data-card';
export { UserConsentsCard } from './user-consents-card';
