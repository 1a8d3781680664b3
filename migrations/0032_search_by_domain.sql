CREATE TABLE `order_email_domains` (
	`event_id` text NOT NULL,
	`domain` text NOT NULL,
	`orders` integer NOT NULL,
	PRIMARY KEY(`event_id`, `domain`)
);
--> statement-breakpoint
-- A search of a common e-mail domain ("yahoo") read every order of the domain in orders_search to
-- count them: 4.8 ms for the 28,567 of a season's event. The search index now holds an e-mail in
-- two parts: its name up to the first @ (the @ included; all of an e-mail without one) beside the
-- customer's name in orders_search, and the rest ("@" and the domain) in orders_search_domains,
-- with order_email_domains counting each event's orders per domain. A term without an @ is in
-- the name, the e-mail's name or the domain, never across the @: it is counted from
-- orders_search, plus the domains' counts, less the orders in both (domain/order-domains.ts).
-- A term with an @ is looked up by its part up to the @, or from it, and then tested whole.
--
-- Both indexes are rebuilt in the batches after the sale, from indexed_through 0
-- (domain/search-index.ts); until then a search reads the orders not yet indexed with LIKE.
-- The rowids, the text's lower() and the triggers' conditions are those of migrations 0001 and
-- 0028, which this one replaces.
DROP TRIGGER `orders_search_insert`;
--> statement-breakpoint
DROP TRIGGER `orders_search_delete`;
--> statement-breakpoint
DROP TRIGGER `orders_search_update`;
--> statement-breakpoint
DROP TABLE `orders_search`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `orders_search` USING fts5(customer_name, email_name, content='', contentless_delete=1, tokenize='trigram case_sensitive 1');
--> statement-breakpoint
CREATE VIRTUAL TABLE `orders_search_domains` USING fts5(email_domain, content='', contentless_delete=1, tokenize='trigram case_sensitive 1');
--> statement-breakpoint
UPDATE `orders_search_progress` SET indexed_through = 0;
--> statement-breakpoint
CREATE TRIGGER `orders_search_insert` AFTER INSERT ON `orders`
  WHEN new.rowid <= (SELECT indexed_through FROM `orders_search_progress`) BEGIN
  INSERT INTO `orders_search`(rowid, customer_name, email_name) VALUES (((SELECT rowid FROM `events` WHERE id = new.event_id) << 40) + new.rowid, lower(new.customer_name), lower(CASE WHEN instr(new.customer_email, '@') > 0 THEN substr(new.customer_email, 1, instr(new.customer_email, '@')) ELSE new.customer_email END));
  INSERT INTO `orders_search_domains`(rowid, email_domain) VALUES (((SELECT rowid FROM `events` WHERE id = new.event_id) << 40) + new.rowid, CASE WHEN instr(new.customer_email, '@') > 0 THEN lower(substr(new.customer_email, instr(new.customer_email, '@'))) ELSE '' END);
  INSERT INTO `order_email_domains`(event_id, domain, orders) VALUES (new.event_id, CASE WHEN instr(new.customer_email, '@') > 0 THEN lower(substr(new.customer_email, instr(new.customer_email, '@'))) ELSE '' END, 1)
    ON CONFLICT(event_id, domain) DO UPDATE SET orders = orders + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `orders_search_delete` AFTER DELETE ON `orders`
  WHEN old.rowid <= (SELECT indexed_through FROM `orders_search_progress`) BEGIN
  DELETE FROM `orders_search` WHERE rowid = ((SELECT rowid FROM `events` WHERE id = old.event_id) << 40) + old.rowid;
  DELETE FROM `orders_search_domains` WHERE rowid = ((SELECT rowid FROM `events` WHERE id = old.event_id) << 40) + old.rowid;
  UPDATE `order_email_domains` SET orders = orders - 1 WHERE event_id = old.event_id AND domain = CASE WHEN instr(old.customer_email, '@') > 0 THEN lower(substr(old.customer_email, instr(old.customer_email, '@'))) ELSE '' END;
END;
--> statement-breakpoint
CREATE TRIGGER `orders_search_update` AFTER UPDATE OF customer_name, customer_email, event_id ON `orders`
  WHEN old.rowid <= (SELECT indexed_through FROM `orders_search_progress`) BEGIN
  DELETE FROM `orders_search` WHERE rowid = ((SELECT rowid FROM `events` WHERE id = old.event_id) << 40) + old.rowid;
  DELETE FROM `orders_search_domains` WHERE rowid = ((SELECT rowid FROM `events` WHERE id = old.event_id) << 40) + old.rowid;
  UPDATE `order_email_domains` SET orders = orders - 1 WHERE event_id = old.event_id AND domain = CASE WHEN instr(old.customer_email, '@') > 0 THEN lower(substr(old.customer_email, instr(old.customer_email, '@'))) ELSE '' END;
  INSERT INTO `orders_search`(rowid, customer_name, email_name) VALUES (((SELECT rowid FROM `events` WHERE id = new.event_id) << 40) + new.rowid, lower(new.customer_name), lower(CASE WHEN instr(new.customer_email, '@') > 0 THEN substr(new.customer_email, 1, instr(new.customer_email, '@')) ELSE new.customer_email END));
  INSERT INTO `orders_search_domains`(rowid, email_domain) VALUES (((SELECT rowid FROM `events` WHERE id = new.event_id) << 40) + new.rowid, CASE WHEN instr(new.customer_email, '@') > 0 THEN lower(substr(new.customer_email, instr(new.customer_email, '@'))) ELSE '' END);
  INSERT INTO `order_email_domains`(event_id, domain, orders) VALUES (new.event_id, CASE WHEN instr(new.customer_email, '@') > 0 THEN lower(substr(new.customer_email, instr(new.customer_email, '@'))) ELSE '' END, 1)
    ON CONFLICT(event_id, domain) DO UPDATE SET orders = orders + 1;
END;
