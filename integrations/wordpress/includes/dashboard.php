<?php
/**
 * The wp-admin dashboard widget "Kasuwa signups" (docs/partners.md): the partner's own counts, fetched
 * server-side from the signed link in Settings -> Kasuwa (format=json) and kept in a transient with only
 * what the widget shows, dated. A fetch, good or failed, is not tried again for 10 minutes. A link Kasuwa
 * refuses shows no number, only where to ask for a new one; no answer shows the last good numbers with
 * their date, or one plain sentence; never a PHP warning.
 *
 * @package Kasuwa
 */

defined( 'ABSPATH' ) || exit;

final class Kasuwa_Dashboard {
	const TRANSIENT = 'kasuwa_partner_counts';
	/** Seconds between two fetches, after a good one or a failed one. */
	const CACHE_SECONDS = 600;
	/** How long the last good numbers are kept to show when Kasuwa does not answer. */
	const KEEP_SECONDS = 30 * DAY_IN_SECONDS;
	/** Kasuwa's answers that refuse the link itself (server/http/partner-page.ts: changed 403, expired, revoked or disabled 410). */
	const REFUSED_STATUSES = array( 401, 403, 404, 410 );
	/** The programme page's form that mails a partner a new link (site/pages/partner-programme.ts). */
	const NEW_LINK_FORM = '#new-link';
	/** Every fetch of the link: 5 seconds at most, redirects not followed. */
	const REQUEST = array(
		'timeout'     => 5,
		'redirection' => 0,
	);

	public static function register(): void {
		add_action( 'wp_dashboard_setup', array( self::class, 'add_widget' ) );
	}

	public static function add_widget(): void {
		if ( ! current_user_can( 'manage_options' ) || '' === Kasuwa_Settings::partner_link() ) {
			return;
		}
		wp_add_dashboard_widget( 'kasuwa_signups', __( 'Kasuwa signups', 'kasuwa' ), array( self::class, 'render' ) );
	}

	/**
	 * What the widget shows for the link: `counts` (this week, last week, all time, the weeks' bars; null
	 * if never had, or the link was refused), `as_of` (when fetched) and `failure` (why the latest fetch
	 * failed: 'refused' or 'unanswered'; '' when it did not). The transient names the link by a hash only:
	 * the link itself is a secret kept in the settings alone.
	 */
	public static function state( string $link ): array {
		$key    = hash( 'sha256', $link );
		$cached = get_transient( self::TRANSIENT );
		$state  = is_array( $cached ) && ( $cached['link'] ?? '' ) === $key
			? $cached
			: array( 'link' => $key, 'counts' => null, 'as_of' => null, 'failure' => '', 'next' => 0 );
		if ( time() < (int) $state['next'] ) {
			return $state;
		}
		$fetched          = self::fetch( $link );
		$state['next']    = time() + self::CACHE_SECONDS;
		$state['failure'] = is_array( $fetched ) ? '' : $fetched;
		unset( $state['failed'] );
		if ( is_array( $fetched ) ) {
			$state['counts'] = $fetched;
			$state['as_of']  = time();
		} elseif ( 'refused' === $fetched ) {
			// Numbers of a link that no longer opens are not shown, however recent.
			$state['counts'] = null;
			$state['as_of']  = null;
		}
		set_transient( self::TRANSIENT, $state, self::KEEP_SECONDS );
		return $state;
	}

	/**
	 * The link's JSON (docs/partners.md) cut to what the widget shows, or why it could not be had:
	 * 'refused' when Kasuwa answered that the link no longer opens (REFUSED_STATUSES), 'unanswered' for
	 * anything else (no answer, a timeout, a server error, any other status, a body that is not the JSON).
	 * A link off the widget origin (saved by a user who may change the origin, kept when the origin
	 * moved, or saved before that rule) is fetched under WordPress's own rules alone, and any failure there is 'unanswered': the box
	 * tells nobody whether another host's port is open, closed or answering.
	 */
	private static function fetch( string $link ): array|string {
		if ( Kasuwa_Settings::on_origin( $link ) ) {
			return self::read( self::get_from_origin( $link ) );
		}
		$fetched = self::read( wp_safe_remote_get( add_query_arg( 'format', 'json', $link ), self::REQUEST ) );
		return is_array( $fetched ) ? $fetched : 'unanswered';
	}

	/** A GET of a link on the widget origin, which may be a loopback or private address, on its own port. */
	private static function get_from_origin( string $link ): array|WP_Error {
		$origin = Kasuwa_Settings::origin();
		$host   = strtolower( (string) wp_parse_url( $origin, PHP_URL_HOST ) );
		$port   = (int) wp_parse_url( $origin, PHP_URL_PORT );
		// wp_safe_remote_get refuses loopback and private addresses and ports other than 80, 443 and 8080:
		// it guards against requests forged towards the site's own network. The widget origin (set only by
		// a user who may publish scripts: includes/settings.php) is the one such address we mean to reach
		// (localhost during development), so for this one request, and for its host and port only, it is let
		// through.
		$external = static function ( $is_external, $request_host ) use ( $host ) {
			return $is_external || strtolower( (string) $request_host ) === $host;
		};
		$ports = static function ( $allowed, $request_host ) use ( $host, $port ) {
			return $port && strtolower( (string) $request_host ) === $host ? array_merge( (array) $allowed, array( $port ) ) : $allowed;
		};
		add_filter( 'http_request_host_is_external', $external, 10, 2 );
		add_filter( 'http_allowed_safe_ports', $ports, 10, 2 );
		try {
			return wp_safe_remote_get( add_query_arg( 'format', 'json', $link ), self::REQUEST );
		} finally {
			remove_filter( 'http_request_host_is_external', $external, 10 );
			remove_filter( 'http_allowed_safe_ports', $ports, 10 );
		}
	}

	/** An answer read as fetch() says. */
	private static function read( array|WP_Error $response ): array|string {
		if ( is_wp_error( $response ) ) {
			return 'unanswered';
		}
		$status = (int) wp_remote_retrieve_response_code( $response );
		if ( in_array( $status, self::REFUSED_STATUSES, true ) ) {
			return 'refused';
		}
		$report = 200 === $status ? json_decode( (string) wp_remote_retrieve_body( $response ), true ) : null;
		if ( ! is_array( $report ) || ! isset( $report['thisWeek']['signups'], $report['lastWeek']['signups'], $report['allTime'] ) || ! is_array( $report['weeks'] ?? null ) ) {
			return 'unanswered';
		}
		$weeks = array();
		foreach ( $report['weeks'] as $week ) {
			$weeks[] = array(
				'week'    => (string) ( $week['week'] ?? '' ),
				'signups' => (int) ( $week['signups'] ?? 0 ),
			);
		}
		return array(
			'thisWeek' => (int) $report['thisWeek']['signups'],
			'lastWeek' => (int) $report['lastWeek']['signups'],
			'allTime'  => (int) $report['allTime'],
			'weeks'    => $weeks,
		);
	}

	public static function render(): void {
		$state  = self::state( Kasuwa_Settings::partner_link() );
		$counts = $state['counts'];
		if ( 'refused' === ( $state['failure'] ?? '' ) ) {
			echo '<p>' . sprintf(
				/* translators: %s: a link to the form on Kasuwa's partner programme page that mails a new link. */
				esc_html__( 'This signups link no longer works: Kasuwa refused it (changed, expired or revoked). Ask for a new one by e-mail: %s', 'kasuwa' ),
				'<a href="' . esc_url( Kasuwa_Settings::programme_page() . self::NEW_LINK_FORM ) . '">' . esc_html__( 'Send me a new link', 'kasuwa' ) . '</a>'
			) . '</p>';
			return;
		}
		if ( null === $counts ) {
			echo '<p>' . esc_html__( 'Your Kasuwa numbers cannot be shown right now: Kasuwa did not answer. Try again in a few minutes.', 'kasuwa' ) . '</p>';
			return;
		}
		$figures = array(
			__( 'This week', 'kasuwa' ) => $counts['thisWeek'],
			__( 'Last week', 'kasuwa' ) => $counts['lastWeek'],
			__( 'All time', 'kasuwa' )  => $counts['allTime'],
		);
		echo '<dl class="kasuwa-figures">';
		foreach ( $figures as $label => $value ) {
			echo '<dt>' . esc_html( $label ) . '</dt><dd>' . esc_html( number_format_i18n( $value ) ) . '</dd>';
		}
		echo '</dl>';
		self::chart( $counts['weeks'] );
		$when = wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), (int) $state['as_of'] );
		$note = '' !== ( $state['failure'] ?? '' )
			? __( 'Kasuwa did not answer just now: these are the numbers as of %s.', 'kasuwa' )
			: __( 'As of %s.', 'kasuwa' );
		echo '<p class="kasuwa-as-of">' . esc_html( sprintf( $note, $when ) ) . '</p>';
	}

	/** The weeks as bars, drawn here (no script), with the numbers in the bars' titles. */
	private static function chart( array $weeks ): void {
		$most = 0;
		foreach ( $weeks as $week ) {
			$most = max( $most, $week['signups'] );
		}
		$count = max( 1, count( $weeks ) );
		$step  = 260 / $count;
		$title = __( 'Signups per week, last 26 weeks', 'kasuwa' );
		printf( '<svg viewBox="0 0 260 80" width="100%%" role="img" aria-label="%s">', esc_attr( $title ) );
		foreach ( array_values( $weeks ) as $i => $week ) {
			$height = $most ? (int) round( 70 * $week['signups'] / $most ) : 0;
			printf(
				'<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="#0b6e4f"><title>%s</title></rect>',
				$i * $step + 1,
				75 - $height,
				max( 1, $step - 2 ),
				$height,
				esc_html( sprintf( '%s: %s', $week['week'], number_format_i18n( $week['signups'] ) ) )
			);
		}
		echo '<line x1="0" x2="260" y1="75" y2="75" stroke="#64748b"></line></svg>';
	}
}
