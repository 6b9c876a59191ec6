// One rehearsal "container": stands where Lambda's Node.js runtime stands, in a process of its own started
// with the function's environment (bin/rehearsal/lambda-service.ts). Plain JavaScript, run by plain Node:
// nothing of the project's own tooling (tsx, path aliases, its node_modules) is in reach of the code it runs.
//
// As Lambda does: the handler string `<module>.<export>` names a file under LAMBDA_TASK_ROOT, tried as
// .js, .mjs and .cjs; the module is imported once (the init phase) and its export is called for each event
// with a context object; an async handler's result (or thrown error) is the invocation's answer.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const send = (message) => process.send?.(message);

function errorOf(error, fallbackType) {
  const thrown = error instanceof Error ? error : new Error(String(error));
  return {
    errorType: thrown.name && thrown.name !== 'Error' ? thrown.name : (fallbackType ?? 'Error'),
    errorMessage: thrown.message,
    trace: (thrown.stack ?? '').split('\n'),
  };
}

async function loadHandler() {
  const taskRoot = process.env.LAMBDA_TASK_ROOT ?? process.cwd();
  const handlerString = process.env._HANDLER ?? '';
  const dot = handlerString.lastIndexOf('.');
  if (dot <= 0)
    throw Object.assign(new Error(`Bad handler ${handlerString}`), { name: 'Runtime.MalformedHandlerName' });
  const modulePath = handlerString.slice(0, dot);
  const exportName = handlerString.slice(dot + 1);
  const file = ['.js', '.mjs', '.cjs'].map((extension) => join(taskRoot, modulePath + extension)).find(existsSync);
  if (!file) {
    throw Object.assign(new Error(`Cannot find module '${modulePath}'`), { name: 'Runtime.ImportModuleError' });
  }
  let module;
  try {
    module = await import(pathToFileURL(file).href);
  } catch (error) {
    throw Object.assign(error instanceof Error ? error : new Error(String(error)), {
      name: 'Runtime.ImportModuleError',
    });
  }
  const handler = module[exportName];
  if (typeof handler !== 'function') {
    throw Object.assign(new Error(`${handlerString} is undefined or not exported`), {
      name: 'Runtime.HandlerNotFound',
    });
  }
  return handler;
}

const initStarted = performance.now();
let handler;
try {
  handler = await loadHandler();
  send({ type: 'ready', initMs: performance.now() - initStarted });
} catch (error) {
  send({ type: 'init-error', ...errorOf(error, 'Runtime.ImportModuleError') });
  process.exit(1);
}

process.on('message', async (message) => {
  if (message?.type !== 'invoke') return;
  const { id, event, requestId, traceId, deadline } = message;
  process.env._X_AMZN_TRACE_ID = traceId;
  const context = {
    callbackWaitsForEmptyEventLoop: true,
    functionName: process.env.AWS_LAMBDA_FUNCTION_NAME,
    functionVersion: process.env.AWS_LAMBDA_FUNCTION_VERSION,
    invokedFunctionArn: message.functionArn,
    memoryLimitInMB: process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE,
    awsRequestId: requestId,
    logGroupName: process.env.AWS_LAMBDA_LOG_GROUP_NAME,
    logStreamName: process.env.AWS_LAMBDA_LOG_STREAM_NAME,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
  };
  try {
    const result = await handler(event, context);
    // The answer travels as JSON, as Lambda serialises it (undefined becomes null).
    send({ type: 'result', id, payload: JSON.stringify(result === undefined ? null : result) });
  } catch (error) {
    send({ type: 'error', id, ...errorOf(error) });
  }
});
