import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { roleFromGroups } from '#common/roles.js';
import { assertPortFree, freePort } from '../../bin/local/ports.js';

describe('local stack ports', () => {
  it('names the service and the setting when a port is taken', async () => {
    const holder = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
    try {
      await expect(assertPortFree(port, 'DynamoDB Local', 'DYNAMODB_PORT')).rejects.toThrow(
        `Port ${port} (DynamoDB Local) is already in use. Stop whatever holds it, or set DYNAMODB_PORT to another port.`,
      );
    } finally {
      holder.close();
    }
    await expect(assertPortFree(port, 'DynamoDB Local', 'DYNAMODB_PORT')).resolves.toBeUndefined();
  });
});

describe('roles from Cognito groups', () => {
  it('maps groups to the strongest role, and no group to user', () => {
    expect(roleFromGroups([])).toBe('user');
    expect(roleFromGroups(['moderator'])).toBe('moderator');
    expect(roleFromGroups(['moderator', 'admin'])).toBe('admin');
    expect(roleFromGroups(['something-else'])).toBe('user');
  });
});
