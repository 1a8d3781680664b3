CREATE TABLE `order_method_totals` (
	`event_id` text NOT NULL,
	`payment_status` text NOT NULL,
	`method` text NOT NULL,
	`n` integer NOT NULL,
	`amount` integer NOT NULL,
	PRIMARY KEY(`event_id`, `payment_status`, `method`)
);
--> statement-breakpoint
ALTER TABLE `order_counts` ADD `amount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- order_counts now sums what its orders cost too: recounted once here, then kept by its triggers,
-- recreated below to carry the amount.
INSERT INTO `order_counts`(event_id, status, payment_status, n, amount)
  SELECT event_id, status, payment_status, count(*), sum(total_amount) FROM `orders` WHERE true GROUP BY event_id, status, payment_status
  ON CONFLICT(event_id, status, payment_status) DO UPDATE SET n = excluded.n, amount = excluded.amount;
--> statement-breakpoint
DROP TRIGGER `order_counts_insert`;
--> statement-breakpoint
DROP TRIGGER `order_counts_delete`;
--> statement-breakpoint
DROP TRIGGER `order_counts_update`;
--> statement-breakpoint
CREATE TRIGGER `order_counts_insert` AFTER INSERT ON `orders` BEGIN
  INSERT INTO `order_counts`(event_id, status, payment_status, n, amount) VALUES (new.event_id, new.status, new.payment_status, 1, new.total_amount)
    ON CONFLICT(event_id, status, payment_status) DO UPDATE SET n = n + 1, amount = amount + excluded.amount;
END;
--> statement-breakpoint
CREATE TRIGGER `order_counts_delete` AFTER DELETE ON `orders` BEGIN
  UPDATE `order_counts` SET n = n - 1, amount = amount - old.total_amount
    WHERE event_id = old.event_id AND status = old.status AND payment_status = old.payment_status;
END;
--> statement-breakpoint
CREATE TRIGGER `order_counts_update` AFTER UPDATE OF event_id, status, payment_status, total_amount ON `orders` BEGIN
  UPDATE `order_counts` SET n = n - 1, amount = amount - old.total_amount
    WHERE event_id = old.event_id AND status = old.status AND payment_status = old.payment_status;
  INSERT INTO `order_counts`(event_id, status, payment_status, n, amount) VALUES (new.event_id, new.status, new.payment_status, 1, new.total_amount)
    ON CONFLICT(event_id, status, payment_status) DO UPDATE SET n = n + 1, amount = amount + excluded.amount;
END;
--> statement-breakpoint
-- order_method_totals holds, for each (event, payment_status, method), the completed orders with a
-- paid payment of that method: what SELECT ... FROM orders JOIN payments ON the order's paid
-- payments WHERE the order is completed, GROUP BY those, would give. A change on either side is
-- counted by looking at the other side as it stands, so a checkout counts its order once whether
-- the payment or the order's status is written first.
INSERT INTO `order_method_totals`(event_id, payment_status, method, n, amount)
  SELECT o.event_id, o.payment_status, p.method, count(*), sum(o.total_amount)
  FROM `orders` o JOIN `payments` p ON p.order_id = o.id AND p.status = 'paid'
  WHERE o.status = 'completed' GROUP BY o.event_id, o.payment_status, p.method;
--> statement-breakpoint
CREATE TRIGGER `order_method_totals_payment_insert` AFTER INSERT ON `payments` WHEN new.status = 'paid' BEGIN
  INSERT INTO `order_method_totals`(event_id, payment_status, method, n, amount)
    SELECT event_id, payment_status, new.method, 1, total_amount FROM `orders` WHERE id = new.order_id AND status = 'completed'
    ON CONFLICT(event_id, payment_status, method) DO UPDATE SET n = n + 1, amount = amount + excluded.amount;
END;
--> statement-breakpoint
CREATE TRIGGER `order_method_totals_payment_delete` AFTER DELETE ON `payments` WHEN old.status = 'paid' BEGIN
  UPDATE `order_method_totals` SET n = n - 1, amount = amount - (SELECT total_amount FROM `orders` WHERE id = old.order_id)
    WHERE method = old.method AND (event_id, payment_status) = (SELECT event_id, payment_status FROM `orders` WHERE id = old.order_id AND status = 'completed');
END;
--> statement-breakpoint
CREATE TRIGGER `order_method_totals_payment_update` AFTER UPDATE OF order_id, method, status ON `payments`
  WHEN old.status = 'paid' OR new.status = 'paid' BEGIN
  UPDATE `order_method_totals` SET n = n - 1, amount = amount - (SELECT total_amount FROM `orders` WHERE id = old.order_id)
    WHERE old.status = 'paid' AND method = old.method
      AND (event_id, payment_status) = (SELECT event_id, payment_status FROM `orders` WHERE id = old.order_id AND status = 'completed');
  INSERT INTO `order_method_totals`(event_id, payment_status, method, n, amount)
    SELECT event_id, payment_status, new.method, 1, total_amount FROM `orders` WHERE id = new.order_id AND status = 'completed' AND new.status = 'paid'
    ON CONFLICT(event_id, payment_status, method) DO UPDATE SET n = n + 1, amount = amount + excluded.amount;
END;
--> statement-breakpoint
CREATE TRIGGER `order_method_totals_order_insert` AFTER INSERT ON `orders` WHEN new.status = 'completed' BEGIN
  INSERT INTO `order_method_totals`(event_id, payment_status, method, n, amount)
    SELECT new.event_id, new.payment_status, method, count(*), count(*) * new.total_amount FROM `payments` WHERE order_id = new.id AND status = 'paid' GROUP BY method
    ON CONFLICT(event_id, payment_status, method) DO UPDATE SET n = n + excluded.n, amount = amount + excluded.amount;
END;
--> statement-breakpoint
CREATE TRIGGER `order_method_totals_order_delete` AFTER DELETE ON `orders` WHEN old.status = 'completed' BEGIN
  UPDATE `order_method_totals`
    SET n = n - (SELECT count(*) FROM `payments` WHERE order_id = old.id AND status = 'paid' AND method = order_method_totals.method),
      amount = amount - old.total_amount * (SELECT count(*) FROM `payments` WHERE order_id = old.id AND status = 'paid' AND method = order_method_totals.method)
    WHERE event_id = old.event_id AND payment_status = old.payment_status;
END;
--> statement-breakpoint
CREATE TRIGGER `order_method_totals_order_update` AFTER UPDATE OF id, event_id, status, payment_status, total_amount ON `orders`
  WHEN old.status = 'completed' OR new.status = 'completed' BEGIN
  UPDATE `order_method_totals`
    SET n = n - (SELECT count(*) FROM `payments` WHERE order_id = old.id AND status = 'paid' AND method = order_method_totals.method),
      amount = amount - old.total_amount * (SELECT count(*) FROM `payments` WHERE order_id = old.id AND status = 'paid' AND method = order_method_totals.method)
    WHERE old.status = 'completed' AND event_id = old.event_id AND payment_status = old.payment_status;
  INSERT INTO `order_method_totals`(event_id, payment_status, method, n, amount)
    SELECT new.event_id, new.payment_status, method, count(*), count(*) * new.total_amount FROM `payments`
    WHERE order_id = new.id AND status = 'paid' AND new.status = 'completed' GROUP BY method
    ON CONFLICT(event_id, payment_status, method) DO UPDATE SET n = n + excluded.n, amount = amount + excluded.amount;
END;
