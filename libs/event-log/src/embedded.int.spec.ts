import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSchemaSet } from '@fleet/schemas';
import { createEmbeddedEventLog } from './index.js';
import { contractSchemaDir, describeEventLogContract } from './contract.js';

const dir = mkdtempSync(join(tmpdir(), 'fleet-eventlog-contract-'));
const schemas = loadSchemaSet(contractSchemaDir());

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeEventLogContract('embedded', () => createEmbeddedEventLog({ dir, schemas }));
