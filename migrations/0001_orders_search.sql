-- The search index of GET /events/{id}/admin/orders?search= (customer name or e-mail contains the
-- term), so that a search reads its matches instead of every order of the event.
--
-- FTS5 with the trigram tokenizer: a quoted phrase of 3 or more characters matches exactly the
-- texts that contain it. It indexes lower() of the text, case-sensitively: lower() and LIKE both
-- fold ASCII only, so the index and `LIKE '%term%'` agree on every row, and the service may use
-- either to test a row.
--
-- The index's rowid is (events.rowid << 40) + orders.rowid: one event's orders are one rowid
-- range, which FTS5 seeks to, so counting an event's matches reads no other event's and no order
-- row. It stores no text (contentless), so it costs little space. orders and events have no
-- INTEGER PRIMARY KEY: should a VACUUM ever renumber their rowids, rebuild the index with
-- DELETE FROM orders_search; and the INSERT ... SELECT below. (The online backup keeps rowids.)
CREATE VIRTUAL TABLE `orders_search` USING fts5(customer_name, customer_email, content='', contentless_delete=1, tokenize='trigram case_sensitive 1');
--> statement-breakpoint
INSERT INTO `orders_search`(rowid, customer_name, customer_email)
  SELECT (e.rowid << 40) + o.rowid, lower(o.customer_name), lower(o.customer_email) FROM `orders` o JOIN `events` e ON e.id = o.event_id;
--> statement-breakpoint
CREATE TRIGGER `orders_search_insert` AFTER INSERT ON `orders` BEGIN
  INSERT INTO `orders_search`(rowid, customer_name, customer_email)
    VALUES (((SELECT rowid FROM `events` WHERE id = new.event_id) << 40) + new.rowid, lower(new.customer_name), lower(new.customer_email));
END;
--> statement-breakpoint
CREATE TRIGGER `orders_search_delete` AFTER DELETE ON `orders` BEGIN
  DELETE FROM `orders_search` WHERE rowid = ((SELECT rowid FROM `events` WHERE id = old.event_id) << 40) + old.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `orders_search_update` AFTER UPDATE OF customer_name, customer_email, event_id ON `orders` BEGIN
  DELETE FROM `orders_search` WHERE rowid = ((SELECT rowid FROM `events` WHERE id = old.event_id) << 40) + old.rowid;
  INSERT INTO `orders_search`(rowid, customer_name, customer_email)
    VALUES (((SELECT rowid FROM `events` WHERE id = new.event_id) << 40) + new.rowid, lower(new.customer_name), lower(new.customer_email));
END;
