import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import type { Auth } from './auth.js';
import type { Data } from './data.js';
import type { Media } from './media.js';
import { LAMBDA_ENTRIES } from './lambda-bundling.js';
import { NodeFunction } from './node-function.js';

/** Every route lives under this prefix, so CloudFront forwards `/api/*` unchanged. */
export const API_BASE_PATH = '/api';

/**
 * Cognito admin actions the API uses: an account without a profile is read once; the admin screens
 * suspend, change roles and delete; a password change signs the account out everywhere
 * (lambdas/adapters/cognito-accounts.ts). The password-reset e-mail (ForgotPassword) and the
 * password change itself (ChangePassword, with the caller's token) are public calls that need no permission. Users are searched in the table, not with ListUsers.
 */
const COGNITO_ADMIN_ACTIONS = [
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminListGroupsForUser',
  'cognito-idp:AdminAddUserToGroup',
  'cognito-idp:AdminRemoveUserFromGroup',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminUserGlobalSignOut',
];

/**
 * The `reader` routes (lambdas/api/routes): a visitor without an account reads a story whose share link is
 * open, with its narration, so API Gateway lets these through without a token; the app verifies a token
 * when one is sent and decides who may read (test/infra/stack.test.ts holds this list to the app's).
 */
export const READER_ROUTE_PATHS = ['/stories/{id}', '/stories/{id}/status', '/stories/{id}/narration/{part}'];

export interface ApiProps {
  readonly auth: Auth;
  readonly data: Data;
  readonly media: Media;
  readonly workflow: StateMachine;
  /** Server configuration shared by every Lambda (lambdas/runtime/config.ts). */
  readonly environment: Readonly<Record<string, string>>;
  /** Default stage limits for the whole API (requests per second, and burst). */
  readonly throttle?: { readonly rateLimit: number; readonly burstLimit: number };
}

/**
 * The HTTP API: one Lambda running the Hono app (lambdas/api/handler.ts). API Gateway checks the Cognito
 * JWT on every route except the health check; the app checks it again along with roles and ownership.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly handler: NodeFunction;
  /** The stage's access log (one JSON line a request): the alarms count its 429s. */
  readonly accessLogs: LogGroup;
  /** Host name of the API's default endpoint, for the CloudFront origin. */
  readonly domainName: string;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);

    this.handler = new NodeFunction(this, 'Handler', {
      entry: LAMBDA_ENTRIES.api,
      description: 'Story Magic HTTP API (Hono)',
      environment: { ...props.environment, WORKFLOW_ARN: props.workflow.stateMachineArn, NARRATOR: 'polly' },
      memorySize: 1024,
      // API Gateway gives up after 30 s; slow work goes to the workflow.
      timeout: Duration.seconds(29),
    });
    const { role } = this.handler;
    props.data.grantItemAccess(role);
    props.media.grantObjectAccess(role);
    props.workflow.grantStartExecution(role);
    role.addToPrincipalPolicy(
      new PolicyStatement({ actions: COGNITO_ADMIN_ACTIONS, resources: [props.auth.userPool.userPoolArn] }),
    );
    // "Read to me": Polly reads a story's parts aloud. SynthesizeSpeech is authorised on the lexicons it may
    // use (none are stored: the scope is this account and region's lexicons, never every resource).
    role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['polly:SynthesizeSpeech'],
        resources: [Stack.of(this).formatArn({ service: 'polly', resource: 'lexicon', resourceName: '*' })],
      }),
    );

    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Story Magic API, served to browsers through CloudFront at /api/*',
      createDefaultStage: false,
    });

    const accessLogs = (this.accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    }));
    // Sized for a bedtime peak of 10,000 families an evening (README "Opening night"): about 2,000 families in
    // its busiest ten minutes, each making about 60 calls in the three minutes a story takes, is 200 a second
    // on average and twice that in bursts. A single caller's abuse is capped by the web ACL's rate rule and
    // the per-family limits, not by starving everyone at the stage.
    const throttle = props.throttle ?? { rateLimit: 500, burstLimit: 1000 };
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            time: '$context.requestTime',
            method: '$context.httpMethod',
            path: '$context.path',
            routeKey: '$context.routeKey',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
    });

    const integration = new HttpLambdaIntegration('Hono', this.handler.function, { scopePermissionToRoute: false });
    const authorizer = new HttpJwtAuthorizer('CognitoJwt', props.auth.issuer, {
      jwtAudience: [props.auth.webClient.userPoolClientId],
    });

    // Public by design (DESIGN: "anyone"): it only reports whether each dependency is up.
    this.httpApi.addRoutes({ path: `${API_BASE_PATH}/health`, methods: [HttpMethod.GET], integration });
    for (const path of READER_ROUTE_PATHS) {
      this.httpApi.addRoutes({ path: `${API_BASE_PATH}${path}`, methods: [HttpMethod.GET], integration });
    }
    this.httpApi.addRoutes({ path: `${API_BASE_PATH}/{proxy+}`, methods: [HttpMethod.ANY], integration, authorizer });

    this.domainName = `${this.httpApi.apiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`;
  }
}
