-- Creates queued before 0009 get their buyer key, the same expression outbox.ts writes for new ones,
-- so that look-alike creates already waiting are still sent one at a time.
UPDATE `outbox` SET `lookalike` = (
  SELECT json_array(o.`ticket_category_id`, o.`customer_email`, o.`customer_name`) FROM `orders` AS o WHERE o.`id` = `outbox`.`order_id`
) WHERE `kind` = 'create';
