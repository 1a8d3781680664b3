-- Orders created before 0004 have no expires_at and would hold their seat forever: they get the
-- default hold window (15 minutes) from their creation, so the next expiry check releases them.
UPDATE `orders` SET `expires_at` = `created_at` + 900000 WHERE `status` = 'payment_pending' AND `expires_at` IS NULL;
