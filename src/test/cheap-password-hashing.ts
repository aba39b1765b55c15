// The database test suites hash passwords at argon2id's cheapest cost (see useCheapPasswordHashingInTests).
import { useCheapPasswordHashingInTests } from '@/server/passwords';

useCheapPasswordHashingInTests();
