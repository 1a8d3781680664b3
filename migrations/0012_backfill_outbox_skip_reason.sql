-- Jobs skipped before 0011 get the reason their last error names: a remote without check-in, an
-- operator's dismissal, or (the only other way a job was skipped) a sale cancelled before any of it
-- was sent or an operator's local cancel.
UPDATE `outbox` SET `skip_reason` = CASE
  WHEN `last_error` LIKE 'the remote has no check-in%' THEN 'not_applicable'
  WHEN `last_error` = 'dismissed by an operator' THEN 'dismissed'
  ELSE 'never_sent'
END WHERE `state` = 'skipped';
