-- Failed logins are now slowed and locked per account and address together ('account_ip'); the account and the
-- address counts alone only ask for a robot check, so nobody can lock others out of their accounts.
ALTER TYPE "login_throttle_scope" ADD VALUE 'account_ip';
